import '../../ui/line-breaks.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { callRoute } from '../api/client.ts';
import { setSiteZone } from '../features/site/site-zone.ts';
import { playI18nReady } from './i18n.ts';
import { PlayApp } from './PlayApp.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from play.html');
await playI18nReady;
// The site's time zone for the times a refusal names (a limit's reset): the site's, not the browser's.
void callRoute('get-reg-domain', {})
  .then((reply) => setSiteZone(reply.site.timezone))
  .catch(() => undefined);
createRoot(root).render(
  <StrictMode>
    <PlayApp />
  </StrictMode>,
);
