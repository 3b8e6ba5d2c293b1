import { describe, expect, it } from 'vitest';
import type { MarketResult } from '../../../shared/sports/markets.ts';
import { dec, fr, SPORTSBOOK_TABLE, us } from '../../../shared/sports/settlement-vectors.ts';
import { slipFigures } from '../../../shared/sports/slip.ts';
import { type LegResultRow, returnFromLegs } from './settlement.service.ts';

/**
 * The bet slip's return (slipFigures, what the window shows) and the server's settlement from the
 * markets' results (returnFromLegs, what the wallet is paid) on SPORTSBOOK.md §2's vectors: one shared
 * function, the same amount to the unit. Each vector's legs are given here as the markets and results
 * the book would settle them from.
 */
type Leg = { type: string; params?: { line?: string }; key: string; result: MarketResult };
const won: Leg = { type: 'moneyline', key: 'home', result: { kind: 'score', home: 1, away: 0 } };
const MARKETS: Record<string, Leg[]> = {
  '£10 at 10/1, dead heat of 2': [
    { type: 'outright', key: 'a', result: { kind: 'winners', winners: [{ key: 'a', deadHeat: '1/2' }] } },
  ],
  '$50 at 2.5, dead heat of 2': [
    { type: 'outright', key: 'a', result: { kind: 'winners', winners: [{ key: 'a', deadHeat: '1/2' }] } },
  ],
  '$50 at 3.0, 6 tied for 3 places': [
    { type: 'outright', key: 'a', result: { kind: 'winners', winners: [{ key: 'a', deadHeat: '3/6' }] } },
  ],
  '£10 at 4/1, dead heat of 2': [
    { type: 'outright', key: 'a', result: { kind: 'winners', winners: [{ key: 'a', deadHeat: '1/2' }] } },
  ],
  '$100 at −110 wins $190.91': [won],
  '$100 at 5/6 (1.8333) wins $183.33': [won],
  'Asian −0.25 at 1.90, draw: half lost, half void': [
    { type: 'handicap', params: { line: '-0.25' }, key: 'home', result: { kind: 'score', home: 1, away: 1 } },
  ],
  'Asian +0.25 at 1.90, draw: half won, half void': [
    { type: 'handicap', params: { line: '0.25' }, key: 'home', result: { kind: 'score', home: 0, away: 0 } },
  ],
  'Trixie £1 a line at 2.0, 3.0, 4.0, all win': [won, won, won],
};

const rows = (legs: Leg[], prices: { num: bigint; den: bigint }[], rounding: 'down' | 'nearest') =>
  legs.map(
    (l, i): LegResultRow => ({
      bet_id: 1,
      selection_id: i + 1,
      key: l.key,
      label: `leg ${i}`,
      price_num: Number(prices[i]!.num),
      price_den: Number(prices[i]!.den),
      type: l.type,
      params: l.params ?? {},
      rounding,
      result: l.result,
      result_state: 'confirmed',
      result_source: 'test',
      result_at: new Date(0),
    }),
  );

describe('the slip returns what the server settles (SPORTSBOOK.md §2 vectors)', () => {
  it.each(SPORTSBOOK_TABLE)('$name ($source)', (v) => {
    const legs = MARKETS[v.name]!;
    expect(legs, 'every vector has its markets').toHaveLength(v.legs.length);
    const prices = v.legs.map(([p]) => p);
    const rounding = v.rounding ?? 'down';
    const sizes = v.sizes ?? [v.legs.length];
    const kind =
      sizes.length === 1 && sizes[0] === v.legs.length
        ? v.legs.length === 1
          ? 'single'
          : 'multiple'
        : 'system';
    const slip = {
      kind,
      sizes,
      unitStake: BigInt(v.unitStake),
      legs: prices.map((price) => ({ price, rounding })),
      siteRounding: 'down',
    } as const;
    const server = returnFromLegs({ unit_stake: v.unitStake, sizes }, rows(legs, prices, rounding), 'down')!;
    const shown = slipFigures(
      slip,
      v.legs.map(([, outcome]) => outcome),
    )!;
    expect(server.amount).toBe(v.expected);
    expect(shown.potentialReturn).toBe(BigInt(server.amount));
    // With every leg winning, the slip's potential return is what a full win settles at.
    const allWin = rows(
      legs.map(() => won),
      prices,
      rounding,
    );
    expect(slipFigures(slip)!.potentialReturn).toBe(
      BigInt(returnFromLegs({ unit_stake: v.unitStake, sizes }, allWin, 'down')!.amount),
    );
  });

  it('a Trixie slip: 4 lines, total stake 4 units, £50 at 2.0, 3.0, 4.0', () => {
    const slip = {
      kind: 'system',
      systemName: 'trixie',
      unitStake: 100n,
      legs: [dec('2.0'), fr('2/1'), us('+300')].map((price) => ({ price, rounding: 'down' as const })),
      siteRounding: 'down',
    } as const;
    expect(slipFigures(slip)).toEqual({ lines: 4, totalStake: 400n, potentialReturn: 5000n });
    expect(slipFigures({ ...slip, legs: slip.legs.slice(0, 2) })).toBeUndefined();
  });

  it('rounds to nearest when the site or a leg’s market does, as the server does', () => {
    const leg = { price: us('-110'), rounding: 'down' as const };
    const base = { kind: 'single', unitStake: 10_000n, legs: [leg], siteRounding: 'down' } as const;
    expect(slipFigures(base)!.potentialReturn).toBe(19090n);
    expect(slipFigures({ ...base, siteRounding: 'nearest' })!.potentialReturn).toBe(19091n);
    expect(slipFigures({ ...base, legs: [{ ...leg, rounding: 'nearest' }] })!.potentialReturn).toBe(19091n);
  });
});
