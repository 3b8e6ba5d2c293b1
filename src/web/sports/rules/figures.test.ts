import { describe, expect, it } from 'vitest';
import { dh, fr, settle } from '../../../shared/sports/settlement-vectors.ts';
import {
  amountText,
  deadHeatExample,
  exactAmountText,
  hoursText,
  minutesText,
  roundingExample,
  secondsText,
} from './figures.ts';

describe('the rules page’s worked examples', () => {
  it('dead heat: 10,000 at 10/1, two tied for one place, returns 55,000, as SPORTSBOOK.md’s Betfair case', () => {
    const example = deadHeatExample('down');
    expect(example).toMatchObject({ stake: 10_000n, part: 5_000n, paid: 55_000n });
    // The same case as the settlement vectors compute it (£10 → £55, in pence).
    const betfair = { name: 'dead heat', source: 'Betfair', unitStake: 1_000, expected: 5_500 };
    expect(settle({ ...betfair, legs: [[fr('10/1'), dh(1, 2)]] })).toBe(5_500n);
  });

  it('rounding: 10,001 at 1.50 is exactly 15,001.5, paid 15,001 rounded down and 15,002 to nearest', () => {
    expect(roundingExample('down').paid).toBe(15_001n);
    expect(roundingExample('nearest').paid).toBe(15_002n);
    // The exact amount in the same money format as the stake and the payment, finer than the minor unit.
    expect(exactAmountText(roundingExample('down').exact, 'KRW', 'en')).toBe('₩15,001.5');
    expect(exactAmountText(roundingExample('down').exact, 'KRW', 'vn')).toBe('15.001,5\u00a0₩');
    expect(exactAmountText(deadHeatExample('down').exact, 'KRW', 'en')).toBe('₩55,000');
    expect(exactAmountText({ num: 210_000n, den: 11n }, 'KRW', 'en')).toBe('₩19,090.909…');
    // In satang: 10,001 satang at 1.50 is ฿150.015, a tenth of a satang beyond the currency's two decimals.
    expect(exactAmountText(roundingExample('down').exact, 'THB', 'th')).toBe('฿150.015');
  });

  it('names amounts and durations per locale, each in its largest whole unit', () => {
    expect(amountText(5_000_000, 'KRW', 'en')).toBe('₩5,000,000');
    expect(amountText(5_000_050, 'THB', 'th')).toBe('฿50,000.50');
    expect(secondsText(1, 'en')).toBe('1 second');
    expect(secondsText(7, 'en')).toBe('7 seconds');
    expect(secondsText(7, 'th')).toBe('7 วินาที');
    expect(hoursText(48, 'ko')).toBe('48시간');
    expect(minutesText(1440, 'en')).toBe('1 day');
    expect(minutesText(120, 'en')).toBe('2 hours');
    expect(minutesText(90, 'vn')).toBe('90 phút');
  });
});
