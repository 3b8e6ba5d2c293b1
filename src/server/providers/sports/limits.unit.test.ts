import { describe, expect, it } from 'vitest';
import { frac } from '../../../shared/sports/fraction.ts';
import { type EffectiveLimits, largestUnitStake, stakeRefusal } from './limits.ts';

const limits = (l: Partial<EffectiveLimits> = {}): EffectiveLimits => ({
  minStake: 0,
  maxStake: null,
  maxPayout: null,
  maxLiability: new Map(),
  ...l,
});
const leg = (price: [bigint, bigint], liability = 0) => ({ marketId: 7, liability, price: frac(...price) });
const single = (l: ReturnType<typeof leg>) => ({
  sizes: [1],
  lines: 1,
  rounding: 'down' as const,
  legs: [l],
});

/** The Max is the largest stake the placement's own rule lets through (docs/sportsbook.md, "Limits"). */
describe('the largest stake the limits let through', () => {
  it('is null when no limit reaches the bet', () => {
    expect(largestUnitStake(limits(), single(leg([2n, 1n])))).toBeNull();
  });

  it('is the max stake, the payout over the price (rounded down), or the liability room over the profit', () => {
    expect(largestUnitStake(limits({ maxStake: 5_000 }), single(leg([2n, 1n])))).toBe(5_000);
    // 10,000 at 3/1: 3,333 returns 9,999; 3,334 returns 10,002.
    expect(largestUnitStake(limits({ maxPayout: 10_000 }), single(leg([3n, 1n])))).toBe(3_333);
    // Room 1,000 − 400 taken = 600 of profit; at 2.5 the profit is 1.5 × stake: 400.
    const market = limits({ maxLiability: new Map([[7, 1_000]]) });
    expect(largestUnitStake(market, single(leg([5n, 2n], 400)))).toBe(400);
    expect(largestUnitStake(market, single(leg([5n, 2n], 1_000)))).toBe(0);
  });

  it('never answers a stake the rule refuses, nor one below the one above it the rule takes', () => {
    for (const [num, den] of [
      [21n, 11n],
      [7n, 4n],
      [101n, 100n],
      [50n, 1n],
    ] as [bigint, bigint][]) {
      const l = limits({ maxStake: 90_000, maxPayout: 123_457, maxLiability: new Map([[7, 77_777]]) });
      const bet = single(leg([num, den], 1_234));
      const max = largestUnitStake(l, bet)!;
      const potential = (s: number) => Math.floor((s * Number(num)) / Number(den));
      const refused = (s: number) =>
        stakeRefusal(l, { totalStake: s, potential: potential(s), legs: bet.legs }, false) !== undefined;
      expect(refused(max), `${num}/${den}`).toBe(false);
      expect(refused(max + 1), `${num}/${den}`).toBe(true);
    }
  });

  it('is 0 when the minimum stake is above what the limits leave', () => {
    expect(largestUnitStake(limits({ minStake: 1_000, maxPayout: 1_500 }), single(leg([2n, 1n])))).toBe(0);
  });
});
