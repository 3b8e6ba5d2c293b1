import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KycViewReply } from '../../../shared/contract/kyc-routes.ts';
import { DialogProvider } from '../../components/ui/DialogProvider.tsx';
import { SITE_KEY } from '../site/site.ts';
import { KycPanel } from './KycPanel.tsx';
import { KYC_KEY } from './queries.ts';

const i18n = i18next.createInstance();
const load = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales', lng, `${ns}.json`), 'utf8'),
  );

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'user',
    resources: { en: { user: load('en', 'user'), common: load('en', 'common') } },
    interpolation: { escapeValue: false },
  });
});

/** My page's verification panel as the member reads it, on a site of `currency`. */
function panelText(currency: string, rules: KycViewReply['rules']): string {
  const client = new QueryClient();
  client.setQueryData(SITE_KEY, { status: 'success', domain: 'localhost', site: { currency } });
  client.setQueryData(KYC_KEY, { level: 1, rules, documents: [], requests: [] } satisfies KycViewReply);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <DialogProvider>
            <KycPanel />
          </DialogProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('KycPanel: what withdrawals need', () => {
  it('names the amount rule in the site’s money, not in minor units', () => {
    // 100,000 minor units of THB are ฿1,000.00: a member read "over 100,000" and thought a hundred times that.
    const thb = panelText('THB', { withdrawLevel: 0, over: 100_000, overLevel: 2 });
    expect(thb).toContain('Withdrawals over ฿1,000.00 in 24 hours need level 2.');
    const krw = panelText('KRW', { withdrawLevel: 0, over: 100_000, overLevel: 2 });
    expect(krw).toContain('Withdrawals over ₩100,000 in 24 hours need level 2.');
  });
});
