/**
 * Exact rational numbers of bigints. Prices, factors and returns are kept as fractions so that a price
 * like American −110 (21/11) settles exactly; rounding happens once, at the end of a bet.
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

const abs = (n: bigint) => (n < 0n ? -n : n);

export function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A fraction in lowest terms with a positive denominator. */
export function frac(num: bigint, den = 1n): Fraction {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const ZERO = frac(0n);
export const ONE = frac(1n);
export const HALF = frac(1n, 2n);

export const add = (a: Fraction, b: Fraction) => frac(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Fraction, b: Fraction) => frac(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Fraction, b: Fraction) => frac(a.num * b.num, a.den * b.den);
export const div = (a: Fraction, b: Fraction) => frac(a.num * b.den, a.den * b.num);
export const cmp = (a: Fraction, b: Fraction) => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const eq = (a: Fraction, b: Fraction) => cmp(a, b) === 0;

/** Round to an integer: 'down' toward zero's floor (amounts are never negative), 'nearest' half up. */
export function roundFraction(x: Fraction, rule: 'down' | 'nearest'): bigint {
  const floor = x.num >= 0n ? x.num / x.den : -((-x.num + x.den - 1n) / x.den);
  if (rule === 'down') return floor;
  const rest = x.num - floor * x.den; // 0 <= rest < den
  return rest * 2n >= x.den ? floor + 1n : floor;
}

/** "1.90" → 19/10; digits only, an optional sign and an optional decimal point. */
export function parseDecimalString(text: string): Fraction | undefined {
  const m = /^([+-]?)(\d{1,12})(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!m) return undefined;
  const decimals = m[3] ?? '';
  const num = BigInt(m[2]! + decimals) * (m[1] === '-' ? -1n : 1n);
  return frac(num, 10n ** BigInt(decimals.length));
}

/** Fixed-point text with `places` decimals, rounded half up (display only). */
export function toFixedString(x: Fraction, places: number): string {
  const scale = 10n ** BigInt(places);
  const negative = x.num < 0n;
  const scaled = roundFraction(frac(abs(x.num) * scale, x.den), 'nearest');
  const whole = (scaled / scale).toString();
  const part = places > 0 ? `.${(scaled % scale).toString().padStart(places, '0')}` : '';
  return `${negative && scaled !== 0n ? '-' : ''}${whole}${part}`;
}

/** JSON-safe form: "num/den". */
export const fractionText = (x: Fraction) => `${x.num}/${x.den}`;
export function parseFractionText(text: string): Fraction | undefined {
  const m = /^(-?\d{1,30})\/(\d{1,30})$/.exec(text);
  if (!m || BigInt(m[2]!) === 0n) return undefined;
  return frac(BigInt(m[1]!), BigInt(m[2]!));
}
