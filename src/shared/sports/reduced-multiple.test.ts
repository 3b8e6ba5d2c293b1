import { describe, expect, it } from 'vitest';
import { frac, ONE } from './fraction.ts';
import { REDUCED_MULTIPLE_SOURCE, underReducedMultipleRule } from './reduced-multiple.ts';
import { exactReturn, type LegOutcome, LOST, VOID, WON } from './settlement.ts';

const HALF_VOID: LegOutcome = { v: frac(1n, 2n), w: 1, d: ONE };
const legs = (...outcomes: (LegOutcome | undefined)[]) =>
  outcomes.map((outcome) => ({ outcome, resultSource: 'manual' }));

describe('a multiple reduced to one live leg (the book’s reducedMultiple rule)', () => {
  it('under `void`, the one leg left counts void too, decided or not, and names the rule', () => {
    for (const live of [undefined, WON, LOST, HALF_VOID]) {
      const out = underReducedMultipleRule('void', 'multiple', legs(VOID, live, VOID));
      expect(out.map((l) => l.outcome)).toEqual([VOID, VOID, VOID]);
      expect(out[1]!.resultSource).toBe(REDUCED_MULTIPLE_SOURCE);
    }
    const prices = [frac(2n, 1n), frac(3n, 1n)];
    const ruled = underReducedMultipleRule('void', 'multiple', legs(VOID, WON));
    expect(
      exactReturn({
        unitStake: 10_000n,
        sizes: [2],
        legs: ruled.map((l, i) => ({ price: prices[i]!, outcome: l.outcome! })),
        rounding: 'down',
      }),
    ).toEqual(frac(10_000n));
  });

  it('changes nothing under `single`, for system bets, with two live legs, or with every leg void', () => {
    const reduced = legs(VOID, WON);
    expect(underReducedMultipleRule('single', 'multiple', reduced)).toBe(reduced);
    expect(underReducedMultipleRule('void', 'system', reduced)).toBe(reduced);
    const twoLive = legs(VOID, WON, undefined);
    expect(underReducedMultipleRule('void', 'multiple', twoLive)).toBe(twoLive);
    // A half-void leg is still live: a double of it and a won leg is no reduced multiple.
    const halfVoid = legs(HALF_VOID, WON);
    expect(underReducedMultipleRule('void', 'multiple', halfVoid)).toBe(halfVoid);
    const allVoid = legs(VOID, VOID);
    expect(underReducedMultipleRule('void', 'multiple', allVoid)).toBe(allVoid);
  });
});
