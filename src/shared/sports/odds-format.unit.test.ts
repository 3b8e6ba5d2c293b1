import { describe, expect, it } from 'vitest';
import { cmp, type Fraction, frac, sub } from './fraction.ts';
import { formatOdds, type OddsFormat, parseOdds } from './odds-format.ts';
import { parsePrice } from './price.ts';

/**
 * The standard odds conversion chart (fractional, decimal, American, Hong Kong, Malay, Indonesian) as
 * bookmakers publish it, two decimals rounded half up: 48 prices from 1/10 to 100/1.
 */
const CHART: [string, string, string, string, string, string][] = [
  ['1/10', '1.10', '-1000', '0.10', '0.10', '-10.00'],
  ['1/5', '1.20', '-500', '0.20', '0.20', '-5.00'],
  ['2/9', '1.22', '-450', '0.22', '0.22', '-4.50'],
  ['1/4', '1.25', '-400', '0.25', '0.25', '-4.00'],
  ['2/7', '1.29', '-350', '0.29', '0.29', '-3.50'],
  ['3/10', '1.30', '-333', '0.30', '0.30', '-3.33'],
  ['1/3', '1.33', '-300', '0.33', '0.33', '-3.00'],
  ['4/11', '1.36', '-275', '0.36', '0.36', '-2.75'],
  ['2/5', '1.40', '-250', '0.40', '0.40', '-2.50'],
  ['4/9', '1.44', '-225', '0.44', '0.44', '-2.25'],
  ['1/2', '1.50', '-200', '0.50', '0.50', '-2.00'],
  ['8/15', '1.53', '-188', '0.53', '0.53', '-1.88'],
  ['4/7', '1.57', '-175', '0.57', '0.57', '-1.75'],
  ['8/13', '1.62', '-163', '0.62', '0.62', '-1.63'],
  ['4/6', '1.67', '-150', '0.67', '0.67', '-1.50'],
  ['8/11', '1.73', '-138', '0.73', '0.73', '-1.38'],
  ['4/5', '1.80', '-125', '0.80', '0.80', '-1.25'],
  ['5/6', '1.83', '-120', '0.83', '0.83', '-1.20'],
  ['10/11', '1.91', '-110', '0.91', '0.91', '-1.10'],
  ['1/1', '2.00', '+100', '1.00', '1.00', '1.00'],
  ['21/20', '2.05', '+105', '1.05', '-0.95', '1.05'],
  ['11/10', '2.10', '+110', '1.10', '-0.91', '1.10'],
  ['6/5', '2.20', '+120', '1.20', '-0.83', '1.20'],
  ['5/4', '2.25', '+125', '1.25', '-0.80', '1.25'],
  ['11/8', '2.38', '+138', '1.38', '-0.73', '1.38'],
  ['6/4', '2.50', '+150', '1.50', '-0.67', '1.50'],
  ['13/8', '2.63', '+163', '1.63', '-0.62', '1.63'],
  ['7/4', '2.75', '+175', '1.75', '-0.57', '1.75'],
  ['15/8', '2.88', '+188', '1.88', '-0.53', '1.88'],
  ['2/1', '3.00', '+200', '2.00', '-0.50', '2.00'],
  ['9/4', '3.25', '+225', '2.25', '-0.44', '2.25'],
  ['5/2', '3.50', '+250', '2.50', '-0.40', '2.50'],
  ['11/4', '3.75', '+275', '2.75', '-0.36', '2.75'],
  ['3/1', '4.00', '+300', '3.00', '-0.33', '3.00'],
  ['7/2', '4.50', '+350', '3.50', '-0.29', '3.50'],
  ['4/1', '5.00', '+400', '4.00', '-0.25', '4.00'],
  ['9/2', '5.50', '+450', '4.50', '-0.22', '4.50'],
  ['5/1', '6.00', '+500', '5.00', '-0.20', '5.00'],
  ['6/1', '7.00', '+600', '6.00', '-0.17', '6.00'],
  ['7/1', '8.00', '+700', '7.00', '-0.14', '7.00'],
  ['8/1', '9.00', '+800', '8.00', '-0.13', '8.00'],
  ['10/1', '11.00', '+1000', '10.00', '-0.10', '10.00'],
  ['12/1', '13.00', '+1200', '12.00', '-0.08', '12.00'],
  ['16/1', '17.00', '+1600', '16.00', '-0.06', '16.00'],
  ['20/1', '21.00', '+2000', '20.00', '-0.05', '20.00'],
  ['33/1', '34.00', '+3300', '33.00', '-0.03', '33.00'],
  ['50/1', '51.00', '+5000', '50.00', '-0.02', '50.00'],
  ['100/1', '101.00', '+10000', '100.00', '-0.01', '100.00'],
];
const COLUMNS: OddsFormat[] = ['fractional', 'decimal', 'american', 'hongkong', 'malay', 'indonesian'];
const priceOf = (fractional: string) => parsePrice(fractional, 'fractional')!;
/** How far a shown figure may sit from the price it stands for: half a unit of its last place, in price terms. */
function closeEnough(format: OddsFormat, shown: string, back: Fraction, price: Fraction): boolean {
  const diff = sub(back, price);
  const size = diff.num < 0n ? frac(-diff.num, diff.den) : diff;
  if (format === 'fractional') return size.num === 0n;
  // A −1 ÷ profit figure m stands for profit 1/m: half a cent of m is up to 0.005 / (|m| − 0.005)² of profit.
  const m = Math.abs(Number(shown));
  // American: half a unit of +A is 0.005 of price; of −A (price 1 + 100/A) up to 50 / (A − 0.5)².
  const bound =
    format === 'american'
      ? shown.startsWith('-')
        ? 50 / (m - 0.5) ** 2
        : 0.005
      : shown.startsWith('-')
        ? 0.005 / (m - 0.005) ** 2
        : 0.005;
  return Number(size.num) / Number(size.den) <= bound + 1e-12;
}

describe('odds formats against the published chart', () => {
  it.each(CHART)('%s: shown as the chart shows it in every format', (...row) => {
    const price = priceOf(row[0]);
    COLUMNS.forEach((format, i) => {
      expect(formatOdds(price, format), `${row[0]} in ${format}`).toBe(row[i]);
    });
  });

  it.each(CHART)(
    '%s: each format read back gives the price (within its rounding) and shows the same',
    (...row) => {
      const price = priceOf(row[0]);
      COLUMNS.forEach((format, i) => {
        const back = parseOdds(row[i]!, format);
        expect(back, `${row[i]} as ${format}`).toBeDefined();
        expect(closeEnough(format, row[i]!, back!, price), `${row[i]} as ${format}`).toBe(true);
        expect(formatOdds(back!, format)).toBe(row[i]);
      });
    },
  );

  it('shows fractional odds on the traditional ladder, the nearest rung', () => {
    const dec = (s: string) => parsePrice(s, 'decimal')!;
    expect(formatOdds(dec('1.91'), 'fractional')).toBe('10/11');
    expect(formatOdds(parsePrice('-110', 'american')!, 'fractional')).toBe('10/11');
    expect(formatOdds(dec('1.90'), 'fractional')).toBe('10/11');
    expect(formatOdds(dec('1.67'), 'fractional')).toBe('4/6');
    expect(formatOdds(dec('2.5'), 'fractional')).toBe('6/4');
    expect(formatOdds(dec('3.125'), 'fractional')).toBe('85/40');
    expect(formatOdds(dec('4.33'), 'fractional')).toBe('10/3');
    // The ladder's ends are its own: 1/100 and 1000/1 show as printed.
    expect(formatOdds(dec('1.01'), 'fractional')).toBe('1/100');
    expect(formatOdds(dec('1001'), 'fractional')).toBe('1000/1');
  });

  it('shows a price beyond the ladder’s ends as its exact profit, never the end rung', () => {
    const dec = (s: string) => parsePrice(s, 'decimal')!;
    // 1/100 would show ten times the profit of 1.001; 1000/1 a fifth of 5000.0's.
    expect(formatOdds(dec('1.001'), 'fractional')).toBe('1/1000');
    expect(formatOdds(dec('1.005'), 'fractional')).toBe('1/200');
    expect(formatOdds(dec('5000'), 'fractional')).toBe('4999/1');
    expect(formatOdds(dec('1500.5'), 'fractional')).toBe('2999/2');
    // Read back, each is the price exactly.
    for (const text of ['1.001', '1.005', '5000', '1500.5'])
      expect(cmp(parseOdds(formatOdds(dec(text), 'fractional'), 'fractional')!, dec(text))).toBe(0);
  });

  it('refuses figures a format cannot hold', () => {
    for (const [text, format] of [
      ['1.50', 'malay'],
      ['0.50', 'indonesian'],
      ['-0.50', 'hongkong'],
      ['0', 'malay'],
      ['abc', 'indonesian'],
      ['1.2.3', 'hongkong'],
      ['-1.50', 'malay'],
      ['-0.50', 'indonesian'],
      ['1'.repeat(40), 'decimal'],
    ] as const)
      expect(parseOdds(text, format), `${text} as ${format}`).toBeUndefined();
    // Evens is 1.00 in Malay and Indonesian, from either side.
    expect(cmp(parseOdds('-1.00', 'malay')!, parseOdds('1.00', 'indonesian')!)).toBe(0);
  });
});
