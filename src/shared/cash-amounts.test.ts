import { describe, expect, it } from 'vitest';
import { depositProblem, withdrawProblem } from './cash-amounts.ts';

describe('cash amount rules, shared by the site and the server (SPEC §5)', () => {
  it('checks deposits: more than 0, at least 10000, in steps of 10000', () => {
    expect([0, -1, Number.NaN, 9_999, 15_000, 10_000, 1_230_000].map(depositProblem)).toEqual([
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
    expect([15_000, 5_000, 0, 10_000, 40_000].map(withdrawProblem)).toEqual([
      'msg2013',
      'msg2013',
      'msg2014',
      null,
      null,
    ]);
  });
});
