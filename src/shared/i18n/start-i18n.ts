import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../format.ts';
import { memoizeTexts } from './memo-t.ts';

/**
 * Starts i18next the way every browser app does (the member site, the back office, the game and
 * sports windows): the texts of locales/<lang>/<namespace>.json, each its own chunk fetched when
 * first needed; the first namespace is the default one.
 */
export function startI18n(options: {
  lng: Locale;
  ns: string[];
  /** The language a missing text falls back to; `false` for a window that shows the key instead. */
  fallbackLng: Locale | false;
  useSuspense: boolean;
}) {
  const ready = i18next
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`)))
    .init({
      lng: options.lng,
      fallbackLng: options.fallbackLng,
      supportedLngs: [...LOCALES],
      ns: options.ns,
      defaultNS: options.ns[0],
      interpolation: { escapeValue: false },
      react: { useSuspense: options.useSuspense },
    });
  // After init() has made the store (synchronously): the memo forgets what the store's changes touch.
  memoizeTexts(i18next);
  return ready.then(warmInterpolation);
}

/**
 * i18next compiles its interpolation patterns at its first look-up, a few ms on a phone that would
 * otherwise fall in the page's hydration (issue 35): one look-up with a value, in a task of its own
 * once the texts are in. Settles after it, so the page starts after it too.
 */
function warmInterpolation(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      i18next.t('warm-up', { defaultValue: '{{value}}', value: '' });
      resolve();
    }),
  );
}
