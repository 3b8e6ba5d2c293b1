import '../ui/tokens.css';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AdminFailure } from './api/client.ts';
import { App } from './app/App.tsx';
import { i18nReady } from './i18n/index.ts';

/** An ended or expired operator session anywhere sends the operator back to the login form. */
function signOutOn401(error: unknown) {
  if (error instanceof AdminFailure && error.httpStatus === 401)
    queryClient.setQueryData(['admin', 'me'], null);
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: true, retry: 1 } },
  queryCache: new QueryCache({ onError: signOutOn401 }),
  mutationCache: new MutationCache({ onError: signOutOn401 }),
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from admin.html');
// The texts of the operator's language arrive before the first paint: no English flash.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/admin">
          <Suspense fallback={null}>
            <App />
          </Suspense>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
