import { describe, expect, it } from 'vitest';
import { depositProblem, withdrawProblem } from './cash-amounts.ts';

describe('cash amount rules, shared by the site and the server (SPEC §5)', () => {
  it('checks deposits: more than 0, at least 10000, in steps of 10000', () => {
    expect([0, -1, Number.NaN, 9_999, 15_000, 10_000, 1_230_000].map((a) => depositProblem(a))).toEqual([
      'msg2007',
      'msg2007',
      'msg2007',
      'msg2008',
      'msg2009',
      null,
      null,
    ]);
  });

  it('checks withdrawals: steps of 10000 first, then at least 10000', () => {
    expect([15_000, 5_000, 0, 10_000, 40_000].map((a) => withdrawProblem(a))).toEqual([
      'msg2013',
      'msg2013',
      'msg2014',
      null,
      null,
    ]);
  });

  it('takes a site’s own rules in minor units: 100 baht minimum in steps of 100 baht (satang)', () => {
    const baht = { minimum: 10_000, step: 10_000 };
    expect([5_000, 10_050, 10_000, 250_000].map((a) => depositProblem(a, baht))).toEqual([
      'msg2008',
      'msg2009',
      null,
      null,
    ]);
    expect([10_050, 20_000].map((a) => withdrawProblem(a, { minimum: 50_000, step: 10_000 }))).toEqual([
      'msg2013',
      'msg2014',
    ]);
  });
});
