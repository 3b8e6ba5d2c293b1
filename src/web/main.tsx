import '../ui/tokens.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { DialogProvider } from './components/ui/DialogProvider.tsx';
import { casinoListQuery } from './features/games/queries.ts';
import { i18nReady, storedLocale } from './i18n/index.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

document.documentElement.lang = storedLocale();
// The home page's tiles are its largest paint: ask for them while the language files load.
if (window.location.pathname === '/') void queryClient.prefetchQuery(casinoListQuery);
await i18nReady;

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense>
          <DialogProvider>
            <App />
          </DialogProvider>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
