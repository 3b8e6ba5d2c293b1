import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlayApp } from './PlayApp.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from play.html');
createRoot(root).render(
  <StrictMode>
    <PlayApp />
  </StrictMode>,
);
