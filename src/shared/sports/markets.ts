import { type Fraction, frac, HALF, ONE, parseDecimalString, parseFractionText, ZERO } from './fraction.ts';
import { type LegOutcome, LOST, VOID, WON } from './settlement.ts';

/**
 * Market types and how a result settles each selection. Score markets take the final score; an
 * outright takes its winners (with a dead-heat factor when runners tie for the places paid).
 */
export const MARKET_TYPES = [
  '1x2',
  'moneyline',
  'total',
  'handicap',
  'btts',
  'correct_score',
  'outright',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const isMarketType = (t: string): t is MarketType => (MARKET_TYPES as readonly string[]).includes(t);

/** The fixed selections of each type; correct score and outright take their own keys. */
export const SELECTION_KEYS: Partial<Record<MarketType, readonly string[]>> = {
  '1x2': ['home', 'draw', 'away'],
  moneyline: ['home', 'away'],
  total: ['over', 'under'],
  handicap: ['home', 'away'],
  btts: ['yes', 'no'],
};

export type MarketResult =
  | { kind: 'score'; home: number; away: number }
  | { kind: 'winners'; winners: { key: string; deadHeat?: string }[] }
  | { kind: 'void' };

/** A line such as "2.5" or "-0.25" in quarter units (10, −1), or undefined unless a multiple of ¼. */
export function lineQuarters(text: string): number | undefined {
  const x = parseDecimalString(text);
  if (!x) return undefined;
  const q = x.num * 4n;
  if (q % x.den !== 0n) return undefined;
  const n = Number(q / x.den);
  return Math.abs(n) <= 400 ? n : undefined;
}

/** Settles a margin in quarter units against zero; a quarter line is two half stakes on the lines either side. */
function asianOutcome(marginQ: number): LegOutcome {
  const one = (m: number) => (m > 0 ? 'win' : m < 0 ? 'lose' : 'push');
  if (marginQ % 2 === 0) {
    const r = one(marginQ);
    return r === 'win' ? WON : r === 'lose' ? LOST : VOID;
  }
  const a = one(marginQ - 1);
  const b = one(marginQ + 1);
  if (a === b) return a === 'win' ? WON : LOST;
  // A win (or loss) on one half and a push on the other: half the stake void.
  return { v: HALF, w: a === 'win' || b === 'win' ? 1 : 0, d: ONE };
}

const flag = (won: boolean) => (won ? WON : LOST);

/** A correct-score market's selection for every score it does not list ("any other score"). */
export const OTHER_SCORE = 'other';

/**
 * How a result settles one selection. `offered` is the market's own selection keys, which a correct
 * score's "other" selection needs (it wins when the score is none of the others).
 */
export function selectionOutcome(
  type: MarketType,
  params: { line?: string },
  selectionKey: string,
  result: MarketResult,
  offered: readonly string[] = [],
): LegOutcome | undefined {
  if (result.kind === 'void') return VOID;
  if (type === 'outright') {
    if (result.kind !== 'winners') return undefined;
    const hit = result.winners.find((w) => w.key === selectionKey);
    if (!hit) return LOST;
    const d = hit.deadHeat ? parseFractionText(hit.deadHeat) : ONE;
    if (!d || d.num <= 0n || d.num > d.den) return undefined;
    return { v: ZERO, w: 1, d };
  }
  if (result.kind !== 'score') return undefined;
  const { home, away } = result;
  switch (type) {
    case '1x2':
      return flag(selectionKey === (home > away ? 'home' : home < away ? 'away' : 'draw'));
    case 'moneyline':
      return home === away ? VOID : flag(selectionKey === (home > away ? 'home' : 'away'));
    case 'btts':
      return flag((selectionKey === 'yes') === (home > 0 && away > 0));
    case 'correct_score': {
      const score = `${home}-${away}`;
      if (selectionKey === OTHER_SCORE) return flag(!offered.includes(score));
      return flag(selectionKey === score);
    }
    case 'total': {
      const q = lineQuarters(params.line ?? '');
      if (q === undefined) return undefined;
      const over = (home + away) * 4 - q;
      return asianOutcome(selectionKey === 'over' ? over : -over);
    }
    case 'handicap': {
      const q = lineQuarters(params.line ?? '');
      if (q === undefined) return undefined;
      // The line is the home side's handicap; the away side has the opposite one.
      const homeMargin = (home - away) * 4 + q;
      return asianOutcome(selectionKey === 'home' ? homeMargin : -homeMargin);
    }
  }
  return undefined;
}

/** Dead-heat factor for `tied` runners sharing `places` paid places (e.g. 3 places, 6 tied → 1/2). */
export function deadHeatFactor(places: number, tied: number): Fraction {
  return frac(BigInt(Math.min(places, tied)), BigInt(tied));
}
