import '../ui/tokens.css';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { HTML_LANG } from '../shared/format.ts';
import { siteRoutes } from './app/App.tsx';
import { readHomeShell, seedHomeShell } from './app/homeShell.ts';
import { primeHistoryEntry } from './app/primeHistory.ts';
import { SiteTree } from './app/SiteTree.tsx';
import { warmIntl } from './app/warmIntl.ts';
import { hydrateInTurns } from './components/HydrateLater.tsx';
import { casinoListQuery } from './features/games/queries.ts';
import { i18nReady, rememberLocale, storedLocale } from './i18n/index.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

const locale = storedLocale();
document.documentElement.lang = HTML_LANG[locale];
rememberLocale(locale);
// The server rendered the guest home (src/server/http/home-shell.ts) in the language of the `lang`
// cookie; a visitor whose stored choice differs gets the page rendered afresh instead.
const shell = readHomeShell();
const hydrate = shell !== null && shell.locale === locale;
const intlWarmed = hydrate
  ? warmIntl(locale, { currency: shell.site.site.currency, timeZone: shell.site.site.timezone })
  : undefined;
if (hydrate) {
  seedHomeShell(queryClient, shell);
  primeHistoryEntry();
}
// Otherwise the home page's tiles are its largest paint: ask for them while the language files load.
else if (window.location.pathname === '/') void queryClient.prefetchQuery(casinoListQuery);
// React Router's first match of the route table compiles its matcher (functions and regular
// expressions, a few ms on a phone): done in a task of its own while the language files load, so the
// hydration's own match is quick.
setTimeout(() => matchRoutes(siteRoutes, window.location));
await i18nReady;
await intlWarmed;

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const site = (
  <StrictMode>
    <BrowserRouter>
      <SiteTree queryClient={queryClient} />
    </BrowserRouter>
  </StrictMode>
);
if (hydrate) await hydrateInTurns(() => hydrateRoot(root, site));
else createRoot(root).render(site);
// The server's page stays inert until it is hydrated, its later parts included: a tap before then
// would do nothing.
root.removeAttribute('inert');
