import {
  add,
  cmp,
  div,
  type Fraction,
  frac,
  ONE,
  parseDecimalString,
  sub,
  toFixedString,
} from './fraction.ts';
import { formatAmerican, formatDecimal, parsePrice } from './price.ts';

/**
 * The odds formats a bettor in our markets reads (docs/sportsbook.md, "Odds formats"). A price is
 * always the exact decimal odds (price.ts); these only show it and read it back:
 * - decimal 1.91; fractional on the traditional ladder (1.91 → 10/11, not 91/100); American −110;
 * - Hong Kong: the profit per unit, decimal − 1 (0.91);
 * - Malay: the profit per unit up to evens (0.91), beyond it −1 ÷ profit (3.00 → −0.50);
 * - Indonesian: beyond evens the profit (3.00 → 2.00), up to it −1 ÷ profit (1.50 → −2.00).
 * Shown with two decimals, rounded half up; settlement never uses the shown figure.
 */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american', 'hongkong', 'malay', 'indonesian'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];
export const isOddsFormat = (v: unknown): v is OddsFormat => ODDS_FORMATS.includes(v as OddsFormat);

/**
 * The traditional fractional ladder (the profit per unit as bookmakers print it): a price between two
 * rungs shows the nearest. Written as printed: 4/6 and 6/4, not 2/3 and 3/2; 85/40.
 */
export const FRACTIONAL_LADDER = [
  '1/100',
  '1/66',
  '1/50',
  '1/40',
  '1/33',
  '1/25',
  '1/20',
  '1/16',
  '1/14',
  '1/12',
  '1/11',
  '1/10',
  '1/9',
  '1/8',
  '2/15',
  '1/7',
  '1/6',
  '2/11',
  '1/5',
  '2/9',
  '1/4',
  '2/7',
  '3/10',
  '1/3',
  '4/11',
  '2/5',
  '4/9',
  '1/2',
  '8/15',
  '4/7',
  '8/13',
  '4/6',
  '8/11',
  '4/5',
  '5/6',
  '10/11',
  '1/1',
  '21/20',
  '11/10',
  '6/5',
  '5/4',
  '11/8',
  '6/4',
  '13/8',
  '7/4',
  '15/8',
  '2/1',
  '85/40',
  '9/4',
  '5/2',
  '11/4',
  '3/1',
  '10/3',
  '7/2',
  '4/1',
  '9/2',
  '5/1',
  '11/2',
  '6/1',
  '13/2',
  '7/1',
  '15/2',
  '8/1',
  '17/2',
  '9/1',
  '10/1',
  '11/1',
  '12/1',
  '14/1',
  '16/1',
  '18/1',
  '20/1',
  '22/1',
  '25/1',
  '28/1',
  '33/1',
  '40/1',
  '50/1',
  '66/1',
  '80/1',
  '100/1',
  '125/1',
  '150/1',
  '200/1',
  '250/1',
  '300/1',
  '400/1',
  '500/1',
  '750/1',
  '1000/1',
] as const;
const rungValue = (rung: string) => {
  const [n, d] = rung.split('/');
  return frac(BigInt(n!), BigInt(d!));
};
const RUNGS = FRACTIONAL_LADDER.map((text) => ({ text, profit: rungValue(text) }));
const abs = (x: Fraction) => (x.num < 0n ? frac(-x.num, x.den) : x);

/**
 * The ladder's rung nearest the price's profit (the lower one on a tie, the book's side). Beyond the
 * ladder's ends there is no rung near it: the exact profit is shown (1.001 is 1/1000, not 1/100, which
 * would promise ten times its profit; 5000.0 is 4999/1, not 1000/1).
 */
export function formatFractionalLadder(p: Fraction): string {
  const profit = sub(p, ONE);
  if (cmp(profit, RUNGS[0]!.profit) < 0 || cmp(profit, RUNGS[RUNGS.length - 1]!.profit) > 0)
    return `${profit.num}/${profit.den}`;
  let best = RUNGS[0]!;
  for (const rung of RUNGS) {
    const c = cmp(abs(sub(rung.profit, profit)), abs(sub(best.profit, profit)));
    if (c < 0) best = rung;
  }
  return best.text;
}

const two = (x: Fraction) => toFixedString(x, 2);
/** A negative figure with a minus sign, two decimals. */
const negative = (x: Fraction) => `-${two(x)}`;

export const formatHongKong = (p: Fraction) => two(sub(p, ONE));

export function formatMalay(p: Fraction): string {
  const profit = sub(p, ONE);
  return cmp(profit, ONE) <= 0 ? two(profit) : negative(div(ONE, profit));
}

export function formatIndonesian(p: Fraction): string {
  const profit = sub(p, ONE);
  return cmp(profit, ONE) >= 0 ? two(profit) : negative(div(ONE, profit));
}

/** How each format writes a price. */
const FORMATTERS: Record<OddsFormat, (p: Fraction) => string> = {
  decimal: formatDecimal,
  fractional: formatFractionalLadder,
  american: formatAmerican,
  hongkong: formatHongKong,
  malay: formatMalay,
  indonesian: formatIndonesian,
};

export function formatOdds(p: Fraction, format: OddsFormat): string {
  return FORMATTERS[format](p);
}

/** A signed decimal figure ("-0.50", "1.25") as an exact fraction. */
function signed(text: string): Fraction | undefined {
  const t = text.trim();
  const m = /^([+-]?)(\d{1,9}(?:\.\d{1,6})?)$/.exec(t);
  if (!m) return undefined;
  const x = parseDecimalString(m[2]!);
  if (!x || x.num === 0n) return undefined;
  return m[1] === '-' ? frac(-x.num, x.den) : x;
}

/** From a profit per unit back to the price, when it is one (positive). */
const fromProfit = (profit: Fraction | undefined) =>
  profit && profit.num > 0n ? add(ONE, profit) : undefined;

/** Reads a price written in any format back to the exact decimal odds. */
export function parseOdds(text: string, format: OddsFormat): Fraction | undefined {
  if (typeof text !== 'string' || text.length > 32) return undefined;
  if (format === 'decimal' || format === 'fractional' || format === 'american')
    return parsePrice(text, format);
  const x = signed(text);
  if (!x) return undefined;
  if (format === 'hongkong') return fromProfit(x);
  const positive = x.num > 0n;
  const inverse = () => fromProfit(div(ONE, frac(-x.num, x.den)));
  if (format === 'malay') {
    // Positive up to 1 (evens), negative from −1 up.
    if (positive) return cmp(x, ONE) <= 0 ? fromProfit(x) : undefined;
    return cmp(frac(-x.num, x.den), ONE) <= 0 ? inverse() : undefined;
  }
  // Indonesian: positive from 1 (evens), negative down from −1.
  if (positive) return cmp(x, ONE) >= 0 ? fromProfit(x) : undefined;
  return cmp(frac(-x.num, x.den), ONE) >= 0 ? inverse() : undefined;
}
