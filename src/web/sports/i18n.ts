import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  formatNumber,
  HTML_LANG,
  INTL_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
} from '../../shared/format.ts';

/**
 * The sports window speaks the language the member chose on the site (this origin's localStorage,
 * the key src/web/i18n/index.ts keeps), not the browser's: the launch URL's `lang` is ignored.
 * Only the `sports` namespace is loaded.
 */
function siteLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem('lang');
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export const sportsLocale: Locale = siteLocale();

export const sportsI18nReady = i18next
  .use(initReactI18next)
  .use(resourcesToBackend((lng: string, ns: string) => import(`../i18n/locales/${lng}/${ns}.json`)))
  .init({
    lng: sportsLocale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    ns: ['sports'],
    defaultNS: 'sports',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  .then(() => {
    document.documentElement.lang = HTML_LANG[sportsLocale];
  });

export const useSportsT = () => useTranslation('sports').t;
export type SportsT = ReturnType<typeof useSportsT>;

/** Amounts (minor units) with the locale's thousands separators. */
export const money = (n: number | bigint) => formatNumber(Number(n), sportsLocale);

const dateTime = new Intl.DateTimeFormat(INTL_LOCALE[sportsLocale], {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const fullDateTime = new Intl.DateTimeFormat(INTL_LOCALE[sportsLocale], {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/** A kick-off time, per locale. */
export const when = (iso: string) => dateTime.format(new Date(iso));
/** A receipt's or a result's time, to the second, per locale. */
export const exactly = (iso: string) => fullDateTime.format(new Date(iso));
