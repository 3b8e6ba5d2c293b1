import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { DialogProvider } from '../components/ui/DialogProvider.tsx';
import { App } from './App.tsx';

/**
 * The member site below its router: the browser (main.tsx) and the server's guest home
 * (ssr/render.tsx) render this same tree, so the markup the server sends is what React hydrates.
 */
export function SiteTree({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense>
        <DialogProvider>
          <App />
        </DialogProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
