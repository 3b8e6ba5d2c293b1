import type { Fraction } from '../../../../shared/sports/fraction.ts';
import { parsePrice } from '../../../../shared/sports/price.ts';

/**
 * Demo prices from a Poisson goal model: each side scores at its rate over the minutes left; the
 * book's margin is applied and each price is quoted to two decimals (an exact fraction from there
 * on). Floating point only makes up the quote, never settles anything.
 */
const MARGIN = 1.06;

const pmf = (rate: number, k: number) => {
  let p = Math.exp(-rate);
  for (let i = 1; i <= k; i++) p *= rate / i;
  return p;
};

function quote(probability: number): Fraction {
  const decimal = Math.min(51, Math.max(1.02, 1 / (Math.max(probability, 0.001) * MARGIN)));
  return parsePrice(decimal.toFixed(2), 'decimal')!;
}

export interface DemoQuotes {
  '1x2': Record<'home' | 'draw' | 'away', Fraction>;
  total: Record<'over' | 'under', Fraction>;
  btts: Record<'yes' | 'no', Fraction>;
}

/**
 * Prices given the score so far and the share of the match left; `drift` (about ±5 %) moves the
 * pre-match rates a little over the day so prices move before kick-off too.
 */
export function demoQuotes(
  rates: { home: number; away: number },
  score: { home: number; away: number },
  left: number,
  drift: number,
): DemoQuotes {
  const lh = Math.max(0.01, rates.home * left * (1 + drift));
  const la = Math.max(0.01, rates.away * left * (1 - drift));
  let home = 0;
  let draw = 0;
  let over = 0;
  let both = 0;
  for (let h = 0; h <= 10; h++) {
    for (let a = 0; a <= 10; a++) {
      const p = pmf(lh, h) * pmf(la, a);
      const fh = score.home + h;
      const fa = score.away + a;
      if (fh > fa) home += p;
      else if (fh === fa) draw += p;
      if (fh + fa > 2.5) over += p;
      if (fh > 0 && fa > 0) both += p;
    }
  }
  const away = Math.max(0, 1 - home - draw);
  return {
    '1x2': { home: quote(home), draw: quote(draw), away: quote(away) },
    total: { over: quote(over), under: quote(1 - over) },
    btts: { yes: quote(both), no: quote(1 - both) },
  };
}
