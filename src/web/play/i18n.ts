import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  formatNumber,
  HTML_LANG,
  isLocale,
  LOCALES,
  type Locale,
} from '../../shared/format.ts';

/**
 * The game window speaks the language the player chose on the site (kept in this origin's
 * localStorage by the site), not the browser's: the launch URL's `lang` comes from the browser's
 * Accept-Language and is ignored. The `play` namespace, and `common` for the refusals' messages.
 */
function siteLocale(): Locale {
  // The key src/web/i18n/index.ts stores the choice under (importing it would start the site's i18n).
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem('lang');
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export const playLocale: Locale = siteLocale();

export const playI18nReady = i18next
  .use(initReactI18next)
  .use(resourcesToBackend((lng: string, ns: string) => import(`../i18n/locales/${lng}/${ns}.json`)))
  .init({
    lng: playLocale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    // common: the refusals' message keys (a limit's msg31xx) the game window shows as the site does.
    ns: ['play', 'common'],
    defaultNS: 'play',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  .then(() => {
    document.documentElement.lang = HTML_LANG[playLocale];
  });

/** Amounts with the player's locale's thousands separators. */
export const money = (n: number) => formatNumber(n, playLocale);

export const usePlayT = () => useTranslation('play').t;
export type PlayT = ReturnType<typeof usePlayT>;
