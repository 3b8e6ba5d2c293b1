import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from '../../shared/format.ts';
import { startI18n } from '../../shared/i18n/start-i18n.ts';

/**
 * The language of a window opened from the site (a game window, the sports window): the one the
 * member chose on the site, kept in this origin's localStorage under the key src/web/i18n/index.ts
 * uses (importing that would start the site's own i18n), not the browser's; the launch URL's `lang`
 * comes from the browser's Accept-Language and is ignored.
 */
export function siteLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem('lang');
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/** Starts i18next for a window in `locale` with only its own namespaces (the first is the default). */
export function startWindowI18n(locale: Locale, namespaces: string[]): Promise<void> {
  return startI18n({ lng: locale, fallbackLng: false, ns: namespaces, useSuspense: false }).then(() => {
    document.documentElement.lang = HTML_LANG[locale];
  });
}
