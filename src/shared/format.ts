import { dateTimeIn, dayIn } from './zoned-time.ts';
/** Display rules of SPEC §9, shared by every page. */

export const LOCALES = ['th', 'en', 'ko', 'jp', 'vn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'th';

/** The product's locale codes are not all BCP 47; Intl needs the standard ones. */
export const INTL_LOCALE: Record<Locale, string> = {
  th: 'th-TH',
  en: 'en-US',
  ko: 'ko-KR',
  jp: 'ja-JP',
  vn: 'vi-VN',
};

/** `<html lang>` wants BCP 47; two of the product's locale codes (jp, vn) are not. */
export const HTML_LANG: Record<Locale, string> = { th: 'th', en: 'en', ko: 'ko', jp: 'ja', vn: 'vi' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Non-numeric values become 0 (SPEC §9). */
export function toNumber(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : 0;
}

/**
 * Each language's thousands and decimal separators. Written out rather than asked of Intl: a phone's
 * first Intl.NumberFormat loads the locale's data, about 12 ms of main thread (50 at Lighthouse's 4×
 * throttling) inside the home page's hydration, and the server's ICU must agree with every browser's.
 */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  th: { group: ',', decimal: '.' },
  en: { group: ',', decimal: '.' },
  ko: { group: ',', decimal: '.' },
  jp: { group: ',', decimal: '.' },
  vn: { group: '.', decimal: ',' },
};

/** A run of digits with the locale's thousands separators. */
const groupDigits = (digits: string, locale: Locale) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[locale].group);

function grouped(whole: number, locale: Locale): string {
  const digits = groupDigits(String(Math.abs(whole)), locale);
  return whole < 0 ? `-${digits}` : digits;
}

/** Locale thousands separators; minor units are whole numbers in the configured currency. */
export function formatNumber(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  return grouped(Math.trunc(toNumber(value)), locale);
}

/** Basis points as a percentage, up to two decimals: 100 bp = "1", 25 bp = "0.25". */
export function formatBasisPoints(bp: number, locale: Locale): string {
  const rounded = Math.round(bp);
  const hundredths = String(Math.abs(rounded) % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = grouped(Math.trunc(rounded / 100), locale);
  const sign = rounded < 0 && whole === '0' ? '-' : '';
  return hundredths ? `${sign}${whole}${SEPARATORS[locale].decimal}${hundredths}` : `${sign}${whole}`;
}

/** A number with exactly `digits` decimals in the locale: 25.5734 to 2 is "25.57" (Vietnamese "25,57"). */
export function formatFixed(value: number, digits: number, locale: Locale): string {
  const text = Math.abs(value).toFixed(digits);
  const [whole = '0', fraction] = text.split('.');
  const sign = value < 0 && /[1-9]/.test(text) ? '-' : '';
  const withGroups = groupDigits(whole, locale);
  return fraction ? `${sign}${withGroups}${SEPARATORS[locale].decimal}${fraction}` : `${sign}${withGroups}`;
}

/**
 * YYYY-MM-DD of a moment in the site's time zone (never the browser's); a dash when there is no date
 * or the zone is not known yet.
 */
export function formatDate(value: unknown, timeZone: string | undefined): string {
  return timeZone ? dayIn(value, timeZone) : '-';
}

/** "YYYY-MM-DD HH:mm (GMT+7)": a moment in the site's time zone, naming it; a dash when empty. */
export function formatDateTime(value: unknown, timeZone: string | undefined): string {
  return timeZone ? dateTimeIn(value, timeZone) : '-';
}

/** The header's balance: the truncated sum of cash and money held at game providers (SPEC §9). */
export function displayBalance(balance: unknown, gameMoney: unknown): number {
  return Math.trunc(toNumber(balance) + toNumber(gameMoney));
}

/** Request status words to label keys (SPEC §2); any other word is shown unchanged. */
export function statusLabel(status: string): 'pending' | 'done' | 'cancelled' | string {
  switch (status) {
    case 'wait':
    case 'reg':
      return 'pending';
    case 'already':
      return 'done';
    case 'cansel':
      return 'cancelled';
    default:
      return status;
  }
}
