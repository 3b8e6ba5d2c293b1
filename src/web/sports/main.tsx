import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../ui/tokens.css';
import { prefetchAboveList } from './browse/aboveList.ts';
import { sportsI18nReady } from './i18n.ts';
import { SportsApp } from './SportsApp.tsx';
import { prefetchFirstScreen } from './useLiveEvents.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from sports.html');
// The first screen's events travel while the window's words load.
void prefetchFirstScreen().catch(() => undefined);
// And what the sports home shows above the listing, painted with it (no layout shift later).
void prefetchAboveList();
await sportsI18nReady;
createRoot(root).render(
  <StrictMode>
    <SportsApp />
  </StrictMode>,
);
