import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../../ui/tokens.css';
import { warmIntl } from '../app/warmIntl.ts';
import { hydrateInTurns } from '../components/HydrateLater.tsx';
import { prefetchAboveList } from './browse/aboveList.ts';
import { sportsI18nReady, sportsLocale } from './i18n.ts';
import { SportsApp } from './SportsApp.tsx';
import { readSportsShell, seedSportsShell } from './shell.ts';
import { prefetchFirstScreen } from './useLiveEvents.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from sports.html');
// The server rendered the first screen (src/server/http/sports-shell.ts) in the `lang` cookie's
// language; a window whose stored language differs is rendered afresh instead.
const shell = readSportsShell();
const hydrate = shell !== null && shell.locale === sportsLocale;
const intlWarmed = hydrate
  ? warmIntl(sportsLocale, { currency: shell.init.currency, timeZone: shell.timezone })
  : undefined;
if (hydrate) seedSportsShell(shell);
else {
  // The server's page in another language goes at once: nothing of it is used, nor read meanwhile.
  if (shell) root.replaceChildren();
  // The first screen's events travel while the window's words load.
  void prefetchFirstScreen().catch(() => undefined);
  // And what the sports home shows above the listing, painted with it (no layout shift later).
  void prefetchAboveList();
}
await sportsI18nReady;
await intlWarmed;
const app = (
  <StrictMode>
    <SportsApp />
  </StrictMode>
);
if (hydrate) await hydrateInTurns(() => hydrateRoot(root, app));
else createRoot(root).render(app);
// The server's page stays inert until it is hydrated, its later parts included: a tap before then
// would do nothing.
root.removeAttribute('inert');
