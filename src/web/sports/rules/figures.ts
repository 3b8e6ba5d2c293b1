import { INTL_LOCALE, type Locale } from '../../../shared/format.ts';
import { currencyExponent, formatMoney, formatMoneyDecimal, minorPerMajor } from '../../../shared/money.ts';
import {
  type Fraction,
  frac,
  ONE,
  roundFraction,
  toFixedString,
  ZERO,
} from '../../../shared/sports/fraction.ts';
import { deadHeatFactor } from '../../../shared/sports/markets.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import { exactReturn, type Rounding } from '../../../shared/sports/settlement.ts';

/**
 * The worked examples the rules page shows, computed with the settlement's own maths
 * (src/shared/sports), so that what the page says is what a bet is paid. Amounts in minor units.
 */
export interface Example {
  stake: bigint;
  price: Fraction;
  /** The stake that is paid at full odds (a dead heat's share). */
  part: bigint;
  exact: Fraction;
  paid: bigint;
}

const single = (stake: bigint, price: Fraction, d: Fraction, rounding: Rounding): Example => {
  const exact = exactReturn({
    unitStake: stake,
    sizes: [1],
    legs: [{ price, outcome: { v: ZERO, w: 1, d } }],
    rounding,
  });
  return {
    stake,
    price,
    part: roundFraction(frac(stake * d.num, d.den), rounding),
    exact,
    paid: roundFraction(exact, rounding),
  };
};

/** 10,000 at 10/1, two tied for one place: half the stake paid at 11.00, 55,000 back (SPORTSBOOK.md). */
export const deadHeatExample = (rounding: Rounding) =>
  single(10_000n, parsePrice('10/1', 'fractional')!, deadHeatFactor(1, 2), rounding);

/** 10,001 at 1.50 wins exactly 15,001.5: the rounding rule decides the last unit (15,001 or 15,002). */
export const roundingExample = (rounding: Rounding) =>
  single(10_001n, parsePrice('1.5', 'decimal')!, ONE, rounding);

/**
 * An exact amount of minor units in the currency, as the money formatter shows it, with up to three
 * decimals beyond the minor unit and "…" when it goes on: ₩15,001.5, ฿150.015, ₩19,090.909…
 */
export function exactAmountText(x: Fraction, currency: string, locale: Locale): string {
  const exponent = currencyExponent(currency);
  const major = frac(x.num, x.den * BigInt(minorPerMajor(currency)));
  const exactAt = (digits: number) => frac(major.num * 10n ** BigInt(digits), major.den).den === 1n;
  let digits = exponent;
  while (digits < exponent + 3 && !exactAt(digits)) digits++;
  const text = formatMoneyDecimal(toFixedString(major, digits), currency, locale, digits);
  return exactAt(digits) ? text : `${text}…`;
}

export const amountText = (minor: bigint | number, currency: string, locale: Locale) =>
  formatMoney(Number(minor), currency, locale);

const unitFormat = (locale: Locale, unit: 'second' | 'minute' | 'hour' | 'day', n: number) =>
  new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'unit', unit, unitDisplay: 'long' }).format(n);

export const secondsText = (seconds: number, locale: Locale) => unitFormat(locale, 'second', seconds);
export const hoursText = (hours: number, locale: Locale) => unitFormat(locale, 'hour', hours);

/** A window in minutes in its largest whole unit: 1440 → "1 day", 90 → "90 minutes". */
export function minutesText(minutes: number, locale: Locale): string {
  if (minutes > 0 && minutes % 1440 === 0) return unitFormat(locale, 'day', minutes / 1440);
  if (minutes > 0 && minutes % 60 === 0) return unitFormat(locale, 'hour', minutes / 60);
  return unitFormat(locale, 'minute', minutes);
}
