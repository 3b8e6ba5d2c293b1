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

/** Locale thousands separators; minor units are whole numbers in the configured currency. */
export function formatNumber(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 }).format(
    Math.trunc(toNumber(value)),
  );
}

/** YYYY-MM-DD in the viewer's time zone, or a dash when there is no date. */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Date and local time of day, "YYYY-MM-DD HH:mm"; a dash when empty. */
export function formatDateTime(value: unknown): string {
  const day = formatDate(value);
  if (day === '-') return day;
  const date = value instanceof Date ? value : new Date(String(value));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
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
