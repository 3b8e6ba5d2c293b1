import '../../ui/line-breaks.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { playI18nReady } from './i18n.ts';
import { PlayApp } from './PlayApp.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from play.html');
await playI18nReady;
createRoot(root).render(
  <StrictMode>
    <PlayApp />
  </StrictMode>,
);
