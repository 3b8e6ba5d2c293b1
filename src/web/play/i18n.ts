import { useTranslation } from 'react-i18next';
import { formatNumber, type Locale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { siteLocale, startWindowI18n } from '../i18n/window-i18n.ts';

/**
 * The game window speaks the language chosen on the site: the `play` namespace, and `common` for the
 * refusals' message keys (a limit's msg31xx) the game window shows as the site does.
 */
export const playLocale: Locale = siteLocale();

export const playI18nReady = startWindowI18n(playLocale, ['play', 'common']);

let playCurrency: string | undefined;

/** The player's currency, as the game's init answered it (their site's). */
export function setPlayCurrency(currency: string): void {
  playCurrency = currency;
}

/** The player's currency once the game's init named it. */
export const currentPlayCurrency = (): string | undefined => playCurrency;

/** Amounts (minor units) in the player's currency and locale (formatMoney); bare numbers before init. */
export const money = (n: number) =>
  playCurrency ? formatMoney(n, playCurrency, playLocale) : formatNumber(n, playLocale);

export const usePlayT = () => useTranslation('play').t;
export type PlayT = ReturnType<typeof usePlayT>;
