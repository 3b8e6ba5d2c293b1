import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_KEY } from '../site/site.ts';
import { RequestHistory } from './RequestHistory.tsx';

const LANGUAGES = ['en', 'jp', 'ko', 'th', 'vn'] as const;
const load = (lng: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales', lng, 'cashier.json'), 'utf8'),
  );
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { cashier: load(lng) }])),
    interpolation: { escapeValue: false },
  });
});

const row = (id: number, reversal: { at: string; amount: number; owed: number } | null) => ({
  id,
  amount: 100_000,
  status: 'already',
  reason: null,
  cancelledBy: null,
  resumable: false,
  createdAt: '2026-11-20T03:00:00.000Z',
  decidedAt: '2026-11-20T03:05:00.000Z',
  reversal,
});

/** The deposit page's history on a Korean site, its list as get-deposit-list answered it. */
const render = (rows: ReturnType<typeof row>[]) => {
  const client = new QueryClient();
  client.setQueryData(SITE_KEY, {
    status: 'success',
    domain: 'localhost',
    site: { currency: 'KRW', timezone: 'Asia/Seoul' },
  });
  client.setQueryData(['cash-requests', 'deposit'], { status: 'success', list: rows, maxCount: rows.length });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RequestHistory kind="deposit" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return (id: number) => {
    const match = html.match(new RegExp(`data-testid="request-${id}".*?</tr>`));
    return (match?.[0] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  };
};

/**
 * A deposit its payment provider reversed (a chargeback) keeps the SPEC's status word `already`: the
 * page shows it as reversed, with the day and what the member still owes, never as done.
 */
describe("the member's deposit history", () => {
  it('shows a reversed deposit as reversed, with its day and what is owed, in each language', async () => {
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      const labels = load(lng);
      const shown = render([
        row(1, { at: '2026-11-21T16:30:00.000Z', amount: 100_000, owed: 70_000 }),
        row(2, { at: '2026-11-21T16:30:00.000Z', amount: 100_000, owed: 0 }),
        row(3, null),
        row(4, { at: '2026-11-21T16:30:00.000Z', amount: 30_000, owed: 0 }),
      ]);
      expect(shown(1), lng).toContain(labels.statusLabel.reversed);
      expect(shown(1), lng).not.toContain(labels.statusLabel.done);
      // The reversal's day in the site's zone (Seoul: the 22nd), and what is still owed.
      expect(shown(1), lng).toContain('2026-11-22');
      expect(shown(1), lng).toContain(labels.reversedOwed);
      expect(shown(1), lng).toMatch(/70[.,]000/);
      // Repaid: reversed still, nothing owed shown.
      expect(shown(2), lng).toContain(labels.statusLabel.reversed);
      expect(shown(2), lng).not.toContain(labels.reversedOwed);
      // The whole deposit taken back says no part; a partial chargeback names the part taken back.
      expect(shown(2), lng).not.toContain(labels.reversedPart);
      expect(shown(4), lng).toContain(labels.reversedPart);
      expect(shown(4), lng).toMatch(/30[.,]000/);
      // A deposit that stood is done.
      expect(shown(3), lng).toContain(labels.statusLabel.done);
      expect(shown(3), lng).not.toContain(labels.statusLabel.reversed);
    }
    await i18n.changeLanguage('en');
  });
});
