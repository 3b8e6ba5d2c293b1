import { useTranslation } from 'react-i18next';
import { formatNumber, type Locale } from '../../shared/format.ts';
import { siteLocale, startWindowI18n } from '../i18n/window-i18n.ts';

/**
 * The game window speaks the language chosen on the site: the `play` namespace, and `common` for the
 * refusals' message keys (a limit's msg31xx) the game window shows as the site does.
 */
export const playLocale: Locale = siteLocale();

export const playI18nReady = startWindowI18n(playLocale, ['play', 'common']);

/** Amounts with the player's locale's thousands separators. */
export const money = (n: number) => formatNumber(n, playLocale);

export const usePlayT = () => useTranslation('play').t;
export type PlayT = ReturnType<typeof usePlayT>;
