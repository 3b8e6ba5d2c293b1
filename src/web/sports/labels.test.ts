import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bet } from '../../shared/contract/sports-api.ts';
import type { SportsT } from './i18n.ts';
import { correctionAmount, legPick, resultSourceLabel } from './labels.ts';

const i18n = i18next.createInstance();
const load = (lng: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../shared/i18n/locales', lng, 'sports.json'), 'utf8'),
  );
const tIn = (lng: string) => i18n.getFixedT(lng, 'sports') as unknown as SportsT;

beforeAll(async () => {
  await i18n.init({
    lng: 'th',
    resources: { th: { sports: load('th') }, ko: { sports: load('ko') } },
    interpolation: { escapeValue: false },
  });
});

const leg = (over: Partial<Bet['legs'][number]>): Bet['legs'][number] => ({
  selectionId: 1,
  marketId: 1,
  eventId: 1,
  eventStatus: 'scheduled',
  score: null,
  price: '2/1',
  marketVersion: 1,
  label: 'Ivory Cranes v Jade Otters · Match result · Home',
  event: 'Ivory Cranes v Jade Otters',
  marketType: '1x2',
  line: null,
  selectionKey: 'home',
  market: 'Match result',
  selection: 'Home',
  state: 'open',
  startsAt: '2026-11-25T00:00:00.000Z',
  ...over,
});

describe('a placed bet’s market and selection, named as the slip names them', () => {
  it('reads a known market and outcome in the member’s language, with its line', () => {
    expect(legPick(tIn('th'), leg({}))).toBe('ผลการแข่งขัน · เจ้าบ้าน');
    expect(legPick(tIn('ko'), leg({ selectionKey: 'away', selection: 'Away' }))).toBe('승무패 · 원정');
    expect(
      legPick(
        tIn('ko'),
        leg({ marketType: 'total', market: 'Total goals 2.5', line: '2.5', selectionKey: 'over' }),
      ),
    ).toBe('총 득점 2.5 · 오버');
  });

  it('keeps the book’s own names for a market or an outcome it does not know', () => {
    expect(
      legPick(
        tIn('th'),
        leg({
          marketType: 'first_scorer',
          market: 'First scorer',
          selectionKey: 'p9',
          selection: 'A. Smith',
        }),
      ),
    ).toBe('First scorer · A. Smith');
  });

  it('names where a result came from: the desk, by hand, a feed by its name; anything else as it is', () => {
    expect(['desk', 'manual', 'feed:demo', 'other'].map((s) => resultSourceLabel(tIn('th'), s))).toEqual([
      'ทีมเทรดของเว็บ',
      'ป้อนผลด้วยมือ',
      'ฟีดผล demo',
      'other',
    ]);
  });

  it('says what a correction’s amount is: a new return, a stake back, none for an unsettle', () => {
    expect(
      ['resettle', 'void', 'cancel', 'unsettle'].map((k) => correctionAmount(tIn('th'), k, '1,000')),
    ).toEqual(['ผลตอบแทนใหม่ 1,000', 'คืนเงินเดิมพัน 1,000', 'คืนเงินเดิมพัน 1,000', undefined]);
  });
});
