import i18next from 'i18next';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from '../../shared/format.ts';
import { startI18n } from '../../shared/i18n/start-i18n.ts';

const STORAGE_KEY = 'lang';

/**
 * The visitor's language: their stored choice, else the `lang` cookie (which the server sets to the
 * site's language on a first visit, web-static.ts), else the default.
 */
export function storedLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (isLocale(saved)) return saved;
  const cookie =
    typeof document === 'undefined' ? undefined : /(?:^|; )lang=([a-z]+)/.exec(document.cookie)?.[1];
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

/**
 * The namespace of the page the visitor lands on, fetched together with `common` instead of after
 * it (one round trip less before the home page paints on a slow phone).
 */
function landingNamespaces(): string[] {
  if (typeof window === 'undefined') return [];
  return window.location.pathname === '/' ? ['home'] : [];
}

/** One namespace per page per locale, each its own chunk, fetched when first needed. */
export const i18nReady = startI18n({
  lng: storedLocale(),
  fallbackLng: 'en',
  ns: ['common', ...landingNamespaces()],
  useSuspense: true,
});

/**
 * The choice lives in this origin's localStorage (the game window reads it there) and in a `lang` cookie,
 * so that pages the server renders itself (the sandbox payment page) speak the same language.
 */
export function rememberLocale(locale: Locale) {
  localStorage.setItem(STORAGE_KEY, locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${STORAGE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

export async function changeLocale(locale: Locale) {
  rememberLocale(locale);
  document.documentElement.lang = HTML_LANG[locale];
  await i18next.changeLanguage(locale);
}

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ko: '한국어',
  jp: '日本語',
  vn: 'Tiếng Việt',
  th: 'ไทย',
};

/** The short code the phone header shows for each language. */
export const LANGUAGE_CODES: Record<Locale, string> = { th: 'TH', en: 'EN', ko: 'KO', jp: 'JP', vn: 'VN' };
