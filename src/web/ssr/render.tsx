/**
 * The home page (and the sports window's first screen, renderSports) rendered on the server (built by tools/build-web.ts into `<build>/.ssr/render.js`,
 * called by src/server/http/home-shell.ts): the page a phone paints before any script has run,
 * the jackpot and the tiles (the page's largest paint) included; main.tsx hydrates it.
 */
import './translate-attribute.ts';
import { QueryClient } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { LOCALES, type Locale } from '../../shared/format.ts';
import type { HomeShellData } from '../../shared/home-shell.ts';
import type { SportsShellData } from '../../shared/sports-shell.ts';
import { seedHomeShell } from '../app/homeShell.ts';
import { SiteTree } from '../app/SiteTree.tsx';
import { setSportsLocale } from '../sports/i18n.ts';
import { SportsApp } from '../sports/SportsApp.tsx';
import { seedSportsShell } from '../sports/shell.ts';

/** Every locale's messages are bundled here: the server has them all at hand. */
const files = import.meta.glob<Record<string, unknown>>('../../shared/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, messages] of Object.entries(files)) {
  const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (lng && ns) resources[lng] = { ...resources[lng], [ns]: messages };
}

/** One i18next instance per language, configured as the browser's (src/web/i18n/index.ts). */
const instances = new Map<Locale, I18n>();
function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      resources,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

export function renderHome(data: HomeShellData): string {
  const queryClient = new QueryClient();
  seedHomeShell(queryClient, data);
  return renderToString(
    <I18nextProvider i18n={i18nFor(data.locale)}>
      <StaticRouter location="/">
        <SiteTree queryClient={queryClient} />
      </StaticRouter>
    </I18nextProvider>,
  );
}

/**
 * The sports window's first screen (issue 35: its largest paint waited for the scripts and the first
 * screen's answers): the window as it first renders with the server's answers (sports/shell.ts), which
 * sports/main.tsx hydrates. Rendered synchronously, so the window's module state is this request's.
 */
export function renderSports(data: SportsShellData): string {
  setSportsLocale(data.locale);
  seedSportsShell(data);
  return renderToString(
    <I18nextProvider i18n={i18nFor(data.locale)}>
      <SportsApp />
    </I18nextProvider>,
  );
}
