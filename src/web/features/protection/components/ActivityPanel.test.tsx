import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DialogProvider } from '../../../components/ui/DialogProvider.tsx';
import { SITE_KEY } from '../../site/site.ts';
import { ActivityPanel } from './ActivityPanel.tsx';

const LANGUAGES = ['en', 'jp', 'ko', 'th', 'vn'] as const;
const load = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../shared/i18n/locales', lng, `${ns}.json`), 'utf8'),
  );
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [lng, { user: load(lng, 'user'), common: load(lng, 'common') }]),
    ),
    interpolation: { escapeValue: false },
  });
});

const totals = (depositReversals: number) => ({
  deposits: 150_000,
  depositReversals,
  netDeposits: 150_000 - depositReversals,
  withdrawals: 0,
  stakes: 170_000,
  wins: 200_000,
  net: 30_000,
});

/** My page's activity on a Thai site, its figures as get-activity answered them. */
const render = (depositReversals: number) => {
  const client = new QueryClient();
  client.setQueryData(SITE_KEY, {
    status: 'success',
    domain: 'localhost',
    site: { currency: 'THB', timezone: 'Asia/Bangkok' },
  });
  const today = totals(depositReversals);
  client.setQueryData(['activity'], {
    status: 'success',
    timezone: 'Asia/Bangkok',
    currentLogin: null,
    lastLogin: null,
    totals: { today, days7: today, days30: today, months12: today },
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DialogProvider>
          <ActivityPanel />
        </DialogProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
};

/**
 * A deposit its payment provider took back (a chargeback) is set against deposits on my page: the
 * deposits reversed and the net deposits, named in each language, only for a period that has one.
 */
describe("the member's activity figures", () => {
  it('names the deposits reversed and the net deposits when the period has a chargeback, in each language', async () => {
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      const figure = load(lng, 'user').activity.figure;
      const shown = render(130_000);
      expect(shown, lng).toContain(figure.depositReversals);
      expect(shown, lng).toContain(figure.netDeposits);
      // In baht: 1,300.00 reversed of 1,500.00, 200.00 net.
      expect(shown, lng).toMatch(/1[.,\s]?300[.,]00/);
      expect(shown, lng).toMatch(/[^\d.,]200[.,]00/);
      const none = render(0);
      expect(none, lng).toContain(figure.deposits);
      expect(none, lng).not.toContain(figure.depositReversals);
      expect(none, lng).not.toContain(figure.netDeposits);
    }
    await i18n.changeLanguage('en');
  });
});
