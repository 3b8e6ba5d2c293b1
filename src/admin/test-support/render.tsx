import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, vi } from 'vitest';

/**
 * The back office's components in a test (happy-dom): rendered with the English admin texts and a fresh
 * query client, removed after each test; `stubApi` answers every request and records what was sent.
 */
export function adminRenderer() {
  const i18n = i18next.createInstance();
  let host: HTMLElement | undefined;
  beforeAll(async () => {
    const en = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../shared/i18n/locales/en/admin.json'), 'utf8'),
    );
    await i18n.use(initReactI18next).init({
      lng: 'en',
      defaultNS: 'admin',
      resources: { en: { admin: en } },
      interpolation: { escapeValue: false },
    });
  });
  afterEach(() => {
    host?.remove();
    vi.unstubAllGlobals();
  });
  /** Lets the page's promises and renders run. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return {
    settle,
    /** Renders `node` in place of what the test rendered before. */
    async render(node: ReactNode): Promise<HTMLElement> {
      host?.remove();
      host = document.createElement('div');
      document.body.append(host);
      createRoot(host).render(
        <QueryClientProvider client={new QueryClient()}>
          <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
        </QueryClientProvider>,
      );
      await settle();
      return host;
    },
    /** Every request answers `{status: 'success', ...reply}`; answers what was sent (path and body). */
    stubApi(reply: object) {
      const sent: { url: string; body: Record<string, unknown> }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init: { body?: string }) => {
          sent.push({ url: String(url), body: JSON.parse(init.body ?? '{}') });
          return new Response(JSON.stringify({ status: 'success', ...reply }), { status: 200 });
        }),
      );
      return sent;
    },
  };
}
