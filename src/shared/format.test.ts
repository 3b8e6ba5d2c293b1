import { describe, expect, it } from 'vitest';
import { displayBalance, formatDate, formatNumber, statusLabel, toNumber } from './format.ts';

describe('display rules (SPEC §9)', () => {
  it('formats numbers with each locale’s thousands separators and turns non-numbers into 0', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber('1234567', 'ko')).toBe('1,234,567');
    expect(formatNumber(1234567, 'vn')).toBe('1.234.567');
    expect(formatNumber('abc', 'en')).toBe('0');
    expect(formatNumber(undefined, 'th')).toBe('0');
    expect(formatNumber(null, 'jp')).toBe('0');
    expect(toNumber('12x')).toBe(0);
  });

  it('formats dates as YYYY-MM-DD, with a dash when empty or unreadable', () => {
    expect(formatDate(new Date(2026, 0, 5, 13, 4))).toBe('2026-01-05');
    expect(formatDate('')).toBe('-');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });

  it('shows the truncated sum of balance and game money', () => {
    expect(displayBalance(10_000, 2_500.9)).toBe(12_500);
    expect(displayBalance('5000', 'x')).toBe(5_000);
  });

  it('labels request statuses as the product does', () => {
    expect(statusLabel('wait')).toBe('pending');
    expect(statusLabel('reg')).toBe('pending');
    expect(statusLabel('already')).toBe('done');
    expect(statusLabel('cansel')).toBe('cancelled');
    expect(statusLabel('refunded')).toBe('refunded');
  });
});
