import { describe, expect, it } from 'vitest';
import { coinHundredths, coinText, sandboxAddress, validCoinSettings } from './coin-terms.ts';

const USDT = { currency: 'USDT', network: 'TRON (TRC-20)', minorPerCoin: 1_400 };

describe('coin terms of the sandbox page', () => {
  it('rounds the coin amount up to the hundredth, in integers', () => {
    expect(coinHundredths(50_000, USDT)).toBe(3_572n);
    expect(coinHundredths(14_000, USDT)).toBe(1_000n);
    expect(coinHundredths(14_001, USDT)).toBe(1_001n);
    expect(coinHundredths(9_007_199_254_740_991, { ...USDT, minorPerCoin: 1 })).toBe(
      900_719_925_474_099_100n,
    );
    expect(coinText(3_572n)).toBe('35.72');
    expect(coinText(123_456_705n)).toBe('1,234,567.05');
    expect(coinText(123_456_705n, 'vi')).toBe('1.234.567,05');
  });

  it('makes one stable, plainly fake address per session', () => {
    const a = sandboxAddress('session-a');
    expect(a).toMatch(/^SANDBOX[1-9A-HJ-NP-Za-km-z]{27}$/);
    expect(sandboxAddress('session-a')).toBe(a);
    expect(sandboxAddress('session-b')).not.toBe(a);
  });

  it('accepts only whole positive rates', () => {
    expect(validCoinSettings(USDT)).toEqual(USDT);
    expect(validCoinSettings({ ...USDT, minorPerCoin: 1.5 })).toBeUndefined();
    expect(validCoinSettings({ ...USDT, minorPerCoin: 0 })).toBeUndefined();
    expect(validCoinSettings({ currency: 'USDT' })).toBeUndefined();
    expect(validCoinSettings(undefined)).toBeUndefined();
  });
});
