import { currencyExponent, minorToDecimal, parseMajor } from '../../../shared/money.ts';

/*
 * The amounts a member types (a sports stake, an automatic cash-out amount, a vault move, a money
 * limit) are in major units of their currency, as the site shows money: "50" is ฿50.00, "50.5" is
 * ฿50.50. The sports window once read them as minor units, so 1000 typed placed a ฿10.00 bet. Before
 * the page knows its currency (undefined), an amount has no decimals.
 */

const MAX_DIGITS = 13;

const exponentOf = (currency: string | undefined) => (currency ? currencyExponent(currency) : 0);

/** What may stand in the field: digits, and for a currency with decimals one point and at most its decimals. */
export function cleanAmountText(typed: string, currency: string | undefined): string {
  const exponent = exponentOf(currency);
  const [whole = '', ...rest] = typed.replace(/[^\d.]/g, '').split('.');
  const digits = whole.slice(0, MAX_DIGITS - exponent);
  if (exponent === 0 || rest.length === 0) return digits;
  return `${digits}.${rest.join('').slice(0, exponent)}`;
}

/** The amount typed, in minor units (0 when nothing is typed). */
export function amountMinor(text: string, currency: string | undefined): number {
  if (!currency) return /^\d+$/.test(text) ? Number(text) : 0;
  return parseMajor(text, currency) ?? 0;
}

/** Minor units as a member would type them: 5000 satang "50", 5050 "50.50", 30000 won "30000". */
export function amountText(minor: number, currency: string | undefined): string {
  if (!currency) return String(minor);
  return minorToDecimal(minor, currency).replace(/\.0+$/, '');
}

/** The keyboard a phone opens for the field: with a decimal point only where the currency has decimals. */
export const amountInputMode = (currency: string | undefined) =>
  exponentOf(currency) > 0 ? ('decimal' as const) : ('numeric' as const);
