import { describe, expect, it } from 'vitest';
import { frac, fractionText } from './fraction.ts';
import { selectionOutcome } from './markets.ts';
import { decidedReturn, LOST, settleWithProof, VOID, WON } from './settlement.ts';

const p = (n: number) => frac(BigInt(n * 100), 100n);
const leg = (price: number, outcome: typeof WON | undefined) => ({ price: p(price), outcome });

describe('a bet is decided as soon as its result is certain', () => {
  it('a double with a lost leg is decided (returns 0) before its other leg plays', () => {
    expect(decidedReturn({ unitStake: 100n, sizes: [2], legs: [leg(2, LOST), leg(3, undefined)] })).toEqual(
      frac(0n),
    );
    expect(
      decidedReturn({ unitStake: 100n, sizes: [2], legs: [leg(2, WON), leg(3, undefined)] }),
    ).toBeUndefined();
  });

  it('a void leg counts 1.00 and the rest of the multiple stands', () => {
    expect(
      fractionText(decidedReturn({ unitStake: 100n, sizes: [2], legs: [leg(2, VOID), leg(3, WON)] })!),
    ).toBe('300/1');
  });

  it('a Trixie is decided only when every line is lost or complete', () => {
    // Lines: 01, 02, 12, 012. Leg 0 lost kills 01, 02 and 012; 12 still waits for leg 2.
    const open = { unitStake: 100n, sizes: [2, 3], legs: [leg(2, LOST), leg(3, WON), leg(4, undefined)] };
    expect(decidedReturn(open)).toBeUndefined();
    const done = { ...open, legs: [leg(2, LOST), leg(3, LOST), leg(4, undefined)] };
    expect(decidedReturn(done)).toEqual(frac(0n));
  });

  it('the proof of an early settlement names the leg still open, and settles nothing undecided', () => {
    const input = {
      unitStake: 100n,
      sizes: [2],
      rounding: 'down' as const,
      legs: [
        { selectionId: '1', label: 'a', price: p(2), outcome: LOST, resultSource: 'desk', resultAt: '' },
        { selectionId: '2', label: 'b', price: p(3), outcome: undefined, resultSource: '', resultAt: '' },
      ],
    };
    const { amount, proof } = settleWithProof(input);
    expect(amount).toBe(0n);
    expect(proof.legs[1]).toMatchObject({ open: true, f: 'open' });
    expect(() =>
      settleWithProof({ ...input, legs: [{ ...input.legs[0]!, outcome: WON }, input.legs[1]!] }),
    ).toThrow(/not decided/);
  });
});

describe('correct score: "any other score"', () => {
  const offered = ['1-0', '0-0', '1-1', 'other'];
  const score = (home: number, away: number) => ({ kind: 'score' as const, home, away });
  it('wins when the final score is not one the market lists, and loses when it is', () => {
    expect(selectionOutcome('correct_score', {}, 'other', score(3, 2), offered)).toEqual(WON);
    expect(selectionOutcome('correct_score', {}, 'other', score(1, 1), offered)).toEqual(LOST);
    expect(selectionOutcome('correct_score', {}, '1-1', score(1, 1), offered)).toEqual(WON);
  });
});
