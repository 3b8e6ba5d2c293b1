import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { SITE_KEY } from '../site/site.ts';
import { BetHistory } from './BetHistory.tsx';
import { NO_FILTER } from './queries.ts';

type BetLine = RouteReply<'get-slot-bets-list'>['list'][number];

const i18n = i18next.createInstance();
const load = (lng: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales', lng, 'user.json'), 'utf8'),
  );

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'user',
    resources: { en: { user: load('en') }, th: { user: load('th') } },
    interpolation: { escapeValue: false },
  });
});

const line = (over: Partial<BetLine>): BetLine => ({
  roundId: 'sb-1',
  gameCode: 'sportsbook',
  gameNameKo: '스포츠',
  gameNameEn: 'Sportsbook',
  vendor: 'royal-sports',
  stake: 10_000,
  win: 0,
  status: 'closed',
  category: 'sport',
  openedAt: '2025-01-02T03:04:05.000Z',
  closedAt: null,
  verifyUrl: null,
  potentialReturn: null,
  ...over,
});

/** The bet rows' text, as the member reads them on my page. */
function rowsOf(bets: BetLine[]): string[] {
  const client = new QueryClient();
  client.setQueryData(SITE_KEY, { status: 'success', domain: 'localhost', site: { currency: 'KRW' } });
  client.setQueryData(['bets', NO_FILTER], {
    pages: [{ status: 'success', list: bets, next: null }],
    pageParams: [undefined],
  });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <BetHistory />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return [...html.matchAll(/<li[^>]*data-testid="bet-row"[^>]*>(.*?)<\/li>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' '),
  );
}

describe('my page: bet history rows', () => {
  it('reads an open sports bet as open with its potential return, unlike a lost or a void one', () => {
    const [open, lost, voided] = rowsOf([
      line({ roundId: 'sb-3', status: 'open', potentialReturn: 25_000 }),
      line({ roundId: 'sb-2', status: 'closed', win: 0, closedAt: '2025-01-02T05:00:00.000Z' }),
      line({ roundId: 'sb-1', status: 'cancelled', stake: 0, closedAt: '2025-01-02T05:00:00.000Z' }),
    ]);
    expect(open).toContain('₩10,000 → ₩25,000');
    expect(open).toContain('Open · potential return');
    expect(lost).toContain('₩10,000 → ₩0');
    expect(lost).not.toContain('Open');
    expect(voided).toContain('Void · stake returned');
    expect(voided).not.toContain('→ 0');
    expect(new Set([open, lost, voided]).size).toBe(3);
  });

  it('reads an open round whose return is not known yet as awaiting its result, never as → 0', () => {
    const [open] = rowsOf([line({ roundId: 'R9', category: 'casino', status: 'open', win: 0 })]);
    expect(open).toContain('₩10,000');
    expect(open).toContain('Open · result to come');
    expect(open).not.toContain('→');
  });

  it('speaks the page language (Thai by default on the site)', async () => {
    await i18n.changeLanguage('th');
    const [open] = rowsOf([line({ status: 'open', potentialReturn: 25_000 })]);
    await i18n.changeLanguage('en');
    expect(open).toContain('ยังไม่สรุปผล');
    expect(open).not.toContain('Open');
  });
});
