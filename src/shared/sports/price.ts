import {
  type Fraction,
  frac,
  ONE,
  parseDecimalString,
  roundFraction,
  sub,
  toFixedString,
} from './fraction.ts';

/**
 * A price is the decimal odds as an exact fraction (stake × price = return on a win), always > 1.
 * Entered and shown as decimal ("1.90"), fractional ("5/6") or American ("-110", "+150").
 */
export type PriceFormat = 'decimal' | 'fractional' | 'american';

const MAX_PRICE = frac(100_000n);

function valid(p: Fraction | undefined): Fraction | undefined {
  if (!p) return undefined;
  return p.num > p.den && p.num * MAX_PRICE.den <= MAX_PRICE.num * p.den ? p : undefined;
}

export function parseDecimalPrice(text: string): Fraction | undefined {
  if (/^[+-]/.test(text.trim())) return undefined;
  return valid(parseDecimalString(text));
}

/** "5/6" → 1 + 5/6 = 11/6; "evens" and "EVS" → 2. */
export function parseFractionalPrice(text: string): Fraction | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'evens' || t === 'evs') return frac(2n);
  const m = /^(\d{1,9})\s*\/\s*(\d{1,9})$/.exec(t);
  if (!m || BigInt(m[2]!) === 0n) return undefined;
  return valid(frac(BigInt(m[1]!) + BigInt(m[2]!), BigInt(m[2]!)));
}

/** "+150" → 1 + 150/100 = 5/2; "-110" → 1 + 100/110 = 21/11. Values between −100 and +100 do not exist. */
export function parseAmericanPrice(text: string): Fraction | undefined {
  const m = /^([+-]?)(\d{1,9}(?:\.\d{1,6})?)$/.exec(text.trim());
  if (!m) return undefined;
  const magnitude = parseDecimalString(m[2]!);
  if (!magnitude || magnitude.num < 100n * magnitude.den) return undefined;
  const p =
    m[1] === '-'
      ? frac(magnitude.num + 100n * magnitude.den, magnitude.num)
      : frac(magnitude.num + 100n * magnitude.den, 100n * magnitude.den);
  return valid(p);
}

export function parsePrice(text: string, format: PriceFormat): Fraction | undefined {
  if (typeof text !== 'string' || text.length > 32) return undefined;
  if (format === 'decimal') return parseDecimalPrice(text);
  if (format === 'fractional') return parseFractionalPrice(text);
  return parseAmericanPrice(text);
}

/** Shown with two decimals, rounded half up: 21/11 → "1.91". Display only; settlement uses the fraction. */
export const formatDecimal = (p: Fraction) => toFixedString(p, 2);

/** The profit per unit staked in lowest terms: 11/6 → "5/6", 2 → "1/1". */
export function formatFractional(p: Fraction): string {
  const profit = sub(p, ONE);
  return `${profit.num}/${profit.den}`;
}

/** At or above 2: "+" then 100 × profit; below 2: "−100 ÷ profit"; rounded to a whole number for display. */
export function formatAmerican(p: Fraction): string {
  const profit = sub(p, ONE);
  if (profit.num >= profit.den) return `+${roundFraction(frac(profit.num * 100n, profit.den), 'nearest')}`;
  return `-${roundFraction(frac(profit.den * 100n, profit.num), 'nearest')}`;
}

export function formatPrice(p: Fraction, format: PriceFormat): string {
  return format === 'decimal'
    ? formatDecimal(p)
    : format === 'fractional'
      ? formatFractional(p)
      : formatAmerican(p);
}
