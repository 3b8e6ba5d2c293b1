import i18next from 'i18next';
import { HTML_LANG, INTL_LOCALE, isLocale, type Locale } from '../../shared/format.ts';
import { startI18n } from '../../shared/i18n/start-i18n.ts';

/**
 * The back office speaks the operator's language with the member site's tooling: i18next, its texts in
 * `src/shared/i18n/locales/<lang>/admin.json`. Until an operator has chosen (the server remembers the
 * choice per operator) the browser's last choice holds, else English.
 */
const STORAGE_KEY = 'adminLang';
const FIRST_LOCALE: Locale = 'en';

function storedLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return isLocale(saved) ? saved : FIRST_LOCALE;
}

export const i18nReady = startI18n({
  lng: storedLocale(),
  fallbackLng: 'en',
  // `user`: the member site's names of ledger movements and accounts; `sports`: its market and selection names (the desk shows the same).
  ns: ['admin', 'user', 'sports'],
  useSuspense: true,
}).then(() => {
  document.documentElement.lang = HTML_LANG[currentLocale()];
});

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : FIRST_LOCALE;
}

/** Shows the back office in `locale` now and keeps it for this browser's next visit. */
export async function showIn(locale: Locale) {
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = HTML_LANG[locale];
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}

/** The Intl tag of the back office's current language, for dates and plain numbers. */
export const intlLocale = () => INTL_LOCALE[currentLocale()];

/** Each language by its own name, as the switcher lists them. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  th: 'ไทย',
  en: 'English',
  ko: '한국어',
  jp: '日本語',
  vn: 'Tiếng Việt',
};
