import { describe, expect, it } from 'vitest';
import { bodyOf, emptyDraft, fractionToOdds, oddsToFraction, percentToBps } from './campaignDraft.ts';

describe('the campaign form', () => {
  it('reads percentages as exact basis points and prices as exact fractions', () => {
    expect(percentToBps('12.5')).toBe(1_250);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('0.01')).toBe(1);
    expect(percentToBps('1.234')).toBeNull();
    expect(oddsToFraction('1.50')).toEqual({ num: 3, den: 2 });
    expect(oddsToFraction('2')).toEqual({ num: 2, den: 1 });
    expect(oddsToFraction('0')).toBeNull();
    expect(fractionToOdds(3, 2)).toBe('1.5');
  });

  it('sends amounts in minor units, empty limits as none, and names the first field it cannot read', () => {
    const draft = {
      ...emptyDraft('THB', 'Asia/Bangkok'),
      name: ' Welcome ',
      cap: '5,000',
      minDeposit: '100.50',
    };
    const built = bodyOf(draft, 'Asia/Bangkok');
    if (!('body' in built)) throw new Error(`refused ${built.problem}`);
    expect(built.body).toMatchObject({
      name: 'Welcome',
      percentBps: 10_000,
      cap: 500_000,
      minDeposit: 10_050,
      maxStake: null,
      conversionCap: null,
      sportsMinOddsNum: 3,
      sportsMinOddsDen: 2,
      code: null,
      terms: {},
    });
    expect(bodyOf({ ...draft, minDeposit: '1.234' }, 'Asia/Bangkok')).toEqual({ problem: 'minDeposit' });
    expect(bodyOf({ ...draft, cap: 'lots' }, 'Asia/Bangkok')).toEqual({ problem: 'cap' });
  });

  it('sends a free spins campaign its count, stake in minor units and slot; other types none', () => {
    const draft = { ...emptyDraft('THB', 'Asia/Bangkok'), name: 'Spins', type: 'free_spins' as const };
    const built = bodyOf({ ...draft, freeSpinCount: '25', freeSpinStake: '5000' }, 'Asia/Bangkok');
    if (!('body' in built)) throw new Error(`refused ${built.problem}`);
    expect(built.body).toMatchObject({
      freeSpinCount: 25,
      freeSpinStake: 5_000,
      freeSpinGame: 'lucky-sevens',
    });
    expect(bodyOf({ ...draft, freeSpinCount: 'x' }, 'Asia/Bangkok')).toEqual({ problem: 'freeSpinCount' });
    expect(bodyOf({ ...draft, freeSpinStake: '50.00' }, 'Asia/Bangkok')).toEqual({
      problem: 'freeSpinStake',
    });
    const deposit = bodyOf({ ...draft, type: 'first_deposit' }, 'Asia/Bangkok');
    if (!('body' in deposit)) throw new Error(`refused ${deposit.problem}`);
    expect(deposit.body).toMatchObject({ freeSpinCount: 0, freeSpinStake: 0, freeSpinGame: null });
  });
});
