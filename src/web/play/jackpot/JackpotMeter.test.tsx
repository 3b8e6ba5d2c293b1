import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishJackpot } from '../../features/jackpot/jackpotPool.ts';
import { JackpotMeter } from './JackpotMeter.tsx';
import { JackpotPaytableNote } from './JackpotPaytableNote.tsx';

const i18n = i18next.createInstance();

beforeAll(async () => {
  const jackpot = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../shared/i18n/locales/en/jackpot.json'), 'utf8'),
  );
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { jackpot } },
    interpolation: { escapeValue: false },
  });
  // The pool as the server answers it: kept in baht.
  publishJackpot({
    amount: 12_345_600,
    currency: 'THB',
    contributionBps: 100,
    reseed: 10_000_000,
    lastWin: null,
  });
});

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

/**
 * A slot window shows the pool, its share and the chance to hit only to a player who feeds and can win
 * it: real money in the pool's currency. A won site's member (the wallet gives their session no share
 * and refuses their claim) and demo play (fun money draws no jackpot) must not be promised it.
 */
describe('the jackpot in a slot window', () => {
  it('shows the pool and its rules to a real-money player in the pool’s currency', () => {
    expect(render(<JackpotMeter currency="THB" demo={false} />)).toContain('data-testid="jackpot-meter"');
    expect(render(<JackpotPaytableNote stake={1_000} currency="THB" demo={false} />)).toContain(
      'data-testid="jackpot-rules"',
    );
  });

  it('shows nothing to a player of a site in another currency', () => {
    expect(render(<JackpotMeter currency="KRW" demo={false} />)).toBe('');
    expect(render(<JackpotPaytableNote stake={1_000} currency="KRW" demo={false} />)).toBe('');
  });

  it('shows nothing in demo play', () => {
    expect(render(<JackpotMeter currency="THB" demo />)).toBe('');
    expect(render(<JackpotPaytableNote stake={1_000} currency="THB" demo />)).toBe('');
  });
});
