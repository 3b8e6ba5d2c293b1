import { DEFAULT_LOCALE, INTL_LOCALE, type Locale, toNumber } from './format.ts';

/**
 * Money as the member and the operator read it: an integer amount of minor units of an ISO 4217
 * currency, shown with that currency's decimals and symbol and the locale's separators. The minor-unit
 * exponent comes from ICU's ISO 4217 table through Intl (KRW, JPY and VND have none, THB and USD two),
 * never from a list of our own. Server and browsers run the same code.
 */

/** Every currency Intl knows (ISO 4217 codes); a code outside it cannot be a site's currency. */
export function isCurrency(code: unknown): code is string {
  return (
    typeof code === 'string' && /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)
  );
}

const exponents = new Map<string, number>();

/** Digits after the decimal point of the currency's minor unit: KRW 0, THB 2. */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent =
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 0;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/** Minor units in one major unit: KRW 1, THB 100. */
export const minorPerMajor = (currency: string): number => 10 ** currencyExponent(currency);

/** Whole major units as minor units: 10,000 baht is 1,000,000 satang. */
export const majorToMinor = (major: number, currency: string): number =>
  Math.round(major * minorPerMajor(currency));

/**
 * What a member typed, in major units ("1,250.50" baht, "30000" won), as minor units; null when it is
 * not an amount or has more decimals than the currency. Read digit by digit: no float rounding.
 */
export function parseMajor(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const cleaned = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as an exact decimal string of major units: 123456 THB → "1234.56", truncated toward zero. */
export function minorToDecimal(minor: unknown, currency: string): string {
  const whole = Math.trunc(toNumber(minor));
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(whole)).padStart(exponent + 1, '0');
  const sign = whole < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

export interface MoneyOptions {
  /** 'symbol' (default): ฿1,234.50; 'none': 1,234.50, for a column whose heading names the currency. */
  display?: 'symbol' | 'none';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: Locale, currency: string, display: 'symbol' | 'none'): Intl.NumberFormat {
  const key = `${locale}|${currency}|${display}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = currencyExponent(currency);
    formatter =
      display === 'none'
        ? new Intl.NumberFormat(INTL_LOCALE[locale], {
            minimumFractionDigits: exponent,
            maximumFractionDigits: exponent,
          })
        : new Intl.NumberFormat(INTL_LOCALE[locale], {
            style: 'currency',
            currency,
            // ฿ and $ rather than "THB" and "US$": a site shows one currency, its players know its sign.
            currencyDisplay: 'narrowSymbol',
            minimumFractionDigits: exponent,
            maximumFractionDigits: exponent,
          });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one money formatter: minor units of `currency` in the locale, with the currency's decimals
 * (always all of them: ฿1,234.50), the locale's separators and its symbol. A fraction of a minor
 * unit is truncated, never rounded up (SPEC §9); a non-number shows as 0.
 */
export function formatMoney(
  minor: unknown,
  currency: string,
  locale: Locale = DEFAULT_LOCALE,
  options: MoneyOptions = {},
): string {
  const decimal = minorToDecimal(minor, currency);
  // A decimal string is formatted exactly (Intl.NumberFormat v3), whatever its size.
  return formatterFor(locale, currency, options.display ?? 'symbol').format(decimal as unknown as number);
}

/**
 * An exact amount finer than the minor unit (a worked example's 15,001.5 won before rounding), given as a
 * decimal string of major units, shown like formatMoney (symbol, separators) with `fractionDigits`
 * decimals, never fewer than the currency's own.
 */
export function formatMoneyDecimal(
  decimal: string,
  currency: string,
  locale: Locale = DEFAULT_LOCALE,
  fractionDigits = 0,
): string {
  const digits = Math.max(fractionDigits, currencyExponent(currency));
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal as unknown as number);
}
