import { describe, expect, it } from 'vitest';
import {
  displayBalance,
  formatBasisPoints,
  formatDate,
  formatDateTime,
  formatFixed,
  formatNumber,
  HTML_LANG,
  INTL_LOCALE,
  LOCALES,
  statusLabel,
  toNumber,
} from './format.ts';

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

  it('writes basis points as a percentage with up to two decimals, in the locale, the same on every call', () => {
    expect(formatBasisPoints(100, 'en')).toBe('1');
    expect(formatBasisPoints(25, 'th')).toBe('0.25');
    expect(formatBasisPoints(1250, 'vn')).toBe('12,5');
    expect(formatBasisPoints(123456, 'en')).toBe('1,234.56');
    expect(formatBasisPoints(-5, 'en')).toBe('-0.05');
  });

  it('writes amounts exactly as Intl does in every locale, negative and large ones included', () => {
    for (const locale of LOCALES) {
      for (const n of [0, 7, 999, 1000, -1000, 1234567, -98765432, 9_007_199_254_740_991]) {
        expect(formatNumber(n, locale)).toBe(new Intl.NumberFormat(INTL_LOCALE[locale]).format(n));
      }
      for (const bp of [0, 1, 10, 25, 100, 150, 1234, 99999]) {
        expect(formatBasisPoints(bp, locale)).toBe(
          new Intl.NumberFormat(HTML_LANG[locale], { maximumFractionDigits: 2 }).format(bp / 100),
        );
      }
    }
  });

  it('writes fixed decimals with the locale separators, exactly as Intl does', () => {
    expect(formatFixed(25.5734, 2, 'vn')).toBe('25,57');
    expect(formatFixed(96.1, 2, 'en')).toBe('96.10');
    for (const locale of LOCALES) {
      for (const n of [0, 0.95, 25.5734, 96.1, 1234.5, -3.25]) {
        expect(formatFixed(n, 2, locale)).toBe(
          new Intl.NumberFormat(HTML_LANG[locale], {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(n),
        );
      }
    }
  });

  it('formats dates as YYYY-MM-DD in the site’s zone, with a dash when empty, unreadable or the zone unknown', () => {
    expect(formatDate('2026-01-05T13:04:00Z', 'Asia/Bangkok')).toBe('2026-01-05');
    expect(formatDate('2026-01-05T17:04:00Z', 'Asia/Bangkok')).toBe('2026-01-06');
    expect(formatDateTime('2026-01-05T17:04:00Z', 'Asia/Seoul')).toBe('2026-01-06 02:04 (GMT+9)');
    expect(formatDateTime('2026-01-05T17:04:00Z', undefined)).toBe('-');
    expect(formatDate('', 'Asia/Bangkok')).toBe('-');
    expect(formatDate(null, 'Asia/Bangkok')).toBe('-');
    expect(formatDate('not a date', 'Asia/Bangkok')).toBe('-');
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
