import { describe, expect, it } from 'vitest';
import { acceptedFor, cashoutValue, fairProbability } from './cashout.ts';
import { type Fraction, frac } from './fraction.ts';
import { parsePrice } from './price.ts';
import { LOST, VOID, WON } from './settlement.ts';

const d = (text: string): Fraction => parsePrice(text, 'decimal')!;
const open = (price: string, current: string, market: string[]) => ({
  selectionId: '1',
  label: 'leg',
  price: d(price),
  current: d(current),
  market: market.map(d),
});

describe('cash-out pricing', () => {
  it('takes the margin out of a market proportionally', () => {
    // 2.0 / 3.0 / 4.0: implied 1/2 + 1/3 + 1/4 = 13/12; home's fair probability (1/2) / (13/12) = 6/13.
    expect(fairProbability(d('2.0'), [d('2.0'), d('3.0'), d('4.0')])).toEqual(frac(6n, 13n));
    // A fair two-way market (2.0 / 2.0) has no margin to take out.
    expect(fairProbability(d('2.0'), [d('2.0'), d('2.0')])).toEqual(frac(1n, 2n));
  });

  it('values a single at stake × price × fair probability, less the site margin, rounded down', () => {
    const v = cashoutValue({
      stake: 10_000n,
      marginBp: 500,
      legs: [open('2.0', '2.0', ['2.0', '3.0', '4.0'])],
    });
    if (v === 'lost') throw new Error('lost');
    // 10,000 × 2 × 6/13 × 0.95 = 8,769.23…
    expect(v.exact).toEqual(frac(10_000n * 12n * 95n, 13n * 100n));
    expect(v.full).toBe(8_769n);
    expect(v.proof.legs[0]).toMatchObject({ state: 'open', q: '6/13', worth: '12/13' });
  });

  it('follows the price: shorter now is worth more, longer less', () => {
    const at = (current: string, market: string[]) => {
      const v = cashoutValue({ stake: 10_000n, marginBp: 500, legs: [open('2.0', current, market)] });
      return v === 'lost' ? -1n : v.full;
    };
    // 1.5 / 3.0 / 4.0: q = (2/3) / (5/4) = 8/15; 10,000 × 2 × 8/15 × 0.95 = 10,133.33…
    expect(at('1.5', ['1.5', '3.0', '4.0'])).toBe(10_133n);
    // 3.0 / 3.0 / 2.5: q = (1/3) / (16/15) = 5/16; 10,000 × 2 × 5/16 × 0.95 = 5,937.5
    expect(at('3.0', ['3.0', '3.0', '2.5'])).toBe(5_937n);
  });

  it('a multiple multiplies decided legs by their factor and open ones by their worth', () => {
    const legs = [
      { selectionId: '1', label: 'won', price: d('2.0'), outcome: WON },
      { selectionId: '2', label: 'void', price: d('5.0'), outcome: VOID },
      open('2.0', '2.0', ['2.0', '3.0', '4.0']),
    ];
    const v = cashoutValue({ stake: 10_000n, marginBp: 500, legs });
    if (v === 'lost') throw new Error('lost');
    // 10,000 × 2 × 1 × 12/13 × 0.95 = 17,538.46…
    expect(v.full).toBe(17_538n);
    expect(
      cashoutValue({ stake: 10_000n, marginBp: 500, legs: [...legs, { ...legs[0]!, outcome: LOST }] }),
    ).toBe('lost');
  });

  it('a part of the stake is paid its share of the exact value, rounded down once', () => {
    const v = cashoutValue({
      stake: 10_000n,
      part: 4_000n,
      marginBp: 500,
      legs: [open('2.0', '2.0', ['2.0', '3.0', '4.0'])],
    });
    if (v === 'lost') throw new Error('lost');
    // 8,769.23… × 0.4 = 3,507.69…
    expect(v.paid).toBe(3_507n);
    expect(v.proof).toMatchObject({ stake: '10000', part: '4000', paid: '3507' });
    expect(acceptedFor(8_769n, 4_000n, 10_000n)).toBe(3_507n);
  });

  it('the site margin is the only difference between fair and offered', () => {
    const legs = [open('2.0', '2.0', ['2.0', '2.0'])];
    const at = (marginBp: number) => {
      const v = cashoutValue({ stake: 10_000n, marginBp, legs });
      return v === 'lost' ? -1n : v.full;
    };
    expect(at(0)).toBe(10_000n);
    expect(at(500)).toBe(9_500n);
    expect(at(1_000)).toBe(9_000n);
  });
});
