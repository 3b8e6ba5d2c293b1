import { describe, expect, it } from 'vitest';
import { amountMinor, amountText, cleanAmountText } from './amount-input.ts';

describe('the sports window reads typed amounts in major units', () => {
  it('1000 typed in baht is ฿1,000.00 (100,000 satang), not ฿10.00', () => {
    expect(amountMinor('1000', 'THB')).toBe(100_000);
    expect(amountMinor('12.5', 'THB')).toBe(1_250);
    expect(amountMinor('30000', 'KRW')).toBe(30_000);
    expect(amountMinor('', 'THB')).toBe(0);
    expect(amountMinor('.', 'THB')).toBe(0);
  });

  it('keeps digits and, where the currency has decimals, one point and at most its decimals', () => {
    expect(cleanAmountText('1,000', 'THB')).toBe('1000');
    expect(cleanAmountText('12.345', 'THB')).toBe('12.34');
    expect(cleanAmountText('1.2.3', 'THB')).toBe('1.23');
    expect(cleanAmountText('50.', 'THB')).toBe('50.');
    expect(cleanAmountText('500.5', 'KRW')).toBe('500');
    expect(cleanAmountText('9'.repeat(20), 'THB')).toHaveLength(11);
  });

  it('writes minor units back as a member types them (the quick stakes, Max, a saved cash-out amount)', () => {
    expect(amountText(5_000, 'THB')).toBe('50');
    expect(amountText(5_050, 'THB')).toBe('50.50');
    expect(amountText(30_000, 'KRW')).toBe('30000');
    expect(amountMinor(amountText(123_456, 'THB'), 'THB')).toBe(123_456);
  });
});
