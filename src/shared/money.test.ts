import { describe, expect, it } from 'vitest';
import { displayBalance, LOCALES } from './format.ts';
import {
  currencyExponent,
  formatMoney,
  isCurrency,
  majorToMinor,
  minorToDecimal,
  parseMajor,
} from './money.ts';

// Intl separates a trailing sign from its amount with a no-break space; written as a plain space below.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the money formatter', () => {
  it('takes each currency’s minor unit from the ISO table: THB and USD have two decimals, KRW, VND and JPY none', () => {
    expect(['THB', 'USD', 'KRW', 'VND', 'JPY'].map(currencyExponent)).toEqual([2, 2, 0, 0, 0]);
    expect(majorToMinor(10_000, 'THB')).toBe(1_000_000);
    expect(majorToMinor(10_000, 'KRW')).toBe(10_000);
    expect(isCurrency('THB')).toBe(true);
    expect(isCurrency('XYZ')).toBe(false);
    expect(isCurrency('thb')).toBe(false);
  });

  // 123456789.9 minor units: the fraction of a minor unit is truncated, never rounded up.
  const amount = 123_456_789.9;
  const expected: Record<string, Record<(typeof LOCALES)[number], string>> = {
    THB: {
      th: '฿1,234,567.89',
      en: '฿1,234,567.89',
      ko: '฿1,234,567.89',
      jp: '฿1,234,567.89',
      vn: '1.234.567,89 ฿',
    },
    USD: {
      th: '$1,234,567.89',
      en: '$1,234,567.89',
      ko: '$1,234,567.89',
      jp: '$1,234,567.89',
      vn: '1.234.567,89 $',
    },
    KRW: {
      th: '₩123,456,789',
      en: '₩123,456,789',
      ko: '₩123,456,789',
      jp: '₩123,456,789',
      vn: '123.456.789 ₩',
    },
    VND: {
      th: '₫123,456,789',
      en: '₫123,456,789',
      ko: '₫123,456,789',
      jp: '₫123,456,789',
      vn: '123.456.789 ₫',
    },
    JPY: {
      th: '¥123,456,789',
      en: '¥123,456,789',
      ko: '¥123,456,789',
      jp: '￥123,456,789',
      vn: '123.456.789 ¥',
    },
  };
  for (const [currency, byLocale] of Object.entries(expected)) {
    it(`shows ${currency} with its decimals, each locale’s separators and symbol, truncated`, () => {
      for (const locale of LOCALES) {
        expect({ locale, text: plain(formatMoney(amount, currency, locale)) }).toEqual({
          locale,
          text: byLocale[locale],
        });
      }
    });
  }

  it('always shows all of a currency’s decimals, negatives and zero too, and non-numbers as 0', () => {
    expect(formatMoney(150, 'THB', 'th')).toBe('฿1.50');
    expect(formatMoney(5, 'THB', 'th')).toBe('฿0.05');
    expect(formatMoney(-150, 'THB', 'th')).toBe('-฿1.50');
    expect(formatMoney(-0.5, 'THB', 'th')).toBe('฿0.00');
    expect(formatMoney('abc', 'KRW', 'ko')).toBe('₩0');
    expect(formatMoney(1_000_000, 'THB', 'vn', { display: 'none' })).toBe('10.000,00');
    expect(formatMoney(1_000_000, 'KRW', 'en', { display: 'none' })).toBe('1,000,000');
  });

  it('is exact beyond a float’s decimals: 2^53 − 1 satang', () => {
    expect(minorToDecimal(Number.MAX_SAFE_INTEGER, 'THB')).toBe('90071992547409.91');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'THB', 'en', { display: 'none' })).toBe(
      '90,071,992,547,409.91',
    );
  });

  it('shows the header balance as the truncated sum of cash and game money (SPEC §9)', () => {
    expect(formatMoney(displayBalance(100_050, 25.75), 'THB', 'th')).toBe('฿1,000.75');
    expect(formatMoney(displayBalance(30_000, 0.9), 'KRW', 'ko')).toBe('₩30,000');
  });

  it('reads what a member typed in major units, refusing more decimals than the currency has', () => {
    expect(parseMajor('1,250.50', 'THB')).toBe(125_050);
    expect(parseMajor('100', 'THB')).toBe(10_000);
    expect(parseMajor('30000', 'KRW')).toBe(30_000);
    expect(parseMajor('1.5', 'KRW')).toBeNull();
    expect(parseMajor('1.505', 'THB')).toBeNull();
    expect(parseMajor('-5', 'THB')).toBeNull();
    expect(parseMajor('abc', 'THB')).toBeNull();
  });
});
