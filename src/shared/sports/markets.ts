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
  'double_chance',
  'handicap_3way',
  'team_total',
  'ht_ft',
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
  double_chance: ['1x', '12', 'x2'],
  handicap_3way: ['home', 'draw', 'away'],
  team_total: ['over', 'under'],
  ht_ft: ['1/1', '1/x', '1/2', 'x/1', 'x/x', 'x/2', '2/1', '2/x', '2/2'],
};

/** Types decided by naming their winning selections, not by a score (a half-time/full-time needs two scores). */
export const WINNER_TYPES: readonly MarketType[] = ['outright', 'ht_ft'];

/** A market's parameters: its line, the team a team total counts, the period it covers (its result is that period's score). */
export interface MarketParams {
  line?: string;
  places?: number;
  team?: 'home' | 'away';
  period?: 'ft' | 'ht';
}

export type MarketResult =
  | { kind: 'score'; home: number; away: number }
  | { kind: 'winners'; winners: { key: string; deadHeat?: string }[] }
  /** A feed's settlement per selection (UOF bet_settlement): won or lost, the void and dead-heat factors. */
  | { kind: 'outcomes'; outcomes: OutcomeSettlement[] }
  | { kind: 'void' };

/** One selection's settlement as a feed sends it: factors as exact decimal text ("0.5"). */
export interface OutcomeSettlement {
  key: string;
  won: boolean;
  voidFactor?: string;
  deadHeat?: string;
  /** How sure the feed was (UOF certainty: 1 live scouted, 2 confirmed); a lower one never overrides a higher. */
  certainty?: number;
}

/** A feed's outcome as the leg's factors, or undefined when a factor is out of its range. */
function outcomeFactors(o: OutcomeSettlement): LegOutcome | undefined {
  const v = o.voidFactor ? parseDecimalString(o.voidFactor) : ZERO;
  const d = o.deadHeat ? parseDecimalString(o.deadHeat) : ONE;
  if (!v || !d || v.num < 0n || v.num > v.den || d.num <= 0n || d.num > d.den) return undefined;
  return { v, w: o.won ? 1 : 0, d };
}

/** A line such as "2.5" or "-0.25" in quarter units (10, −1), or undefined unless a multiple of ¼. */
export function lineQuarters(text: string): number | undefined {
  const x = parseDecimalString(text);
  if (!x) return undefined;
  const q = x.num * 4n;
  if (q % x.den !== 0n) return undefined;
  const n = Number(q / x.den);
  // Up to 500 (a basketball total of 230.5 is a line too).
  return Math.abs(n) <= 2000 ? n : undefined;
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
  params: MarketParams,
  selectionKey: string,
  result: MarketResult,
  offered: readonly string[] = [],
): LegOutcome | undefined {
  if (result.kind === 'void') return VOID;
  if (result.kind === 'outcomes') {
    const o = result.outcomes.find((x) => x.key === selectionKey);
    return o ? outcomeFactors(o) : undefined;
  }
  if (WINNER_TYPES.includes(type)) {
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
    case 'double_chance': {
      const r = home > away ? '1' : home < away ? '2' : 'x';
      return flag(selectionKey.includes(r));
    }
    case 'handicap_3way': {
      const q = lineQuarters(params.line ?? '');
      if (q === undefined || q % 4 !== 0) return undefined;
      const margin = (home - away) * 4 + q;
      return flag(selectionKey === (margin > 0 ? 'home' : margin < 0 ? 'away' : 'draw'));
    }
    case 'team_total': {
      const q = lineQuarters(params.line ?? '');
      if (q === undefined || !params.team) return undefined;
      const over = (params.team === 'home' ? home : away) * 4 - q;
      return asianOutcome(selectionKey === 'over' ? over : -over);
    }
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
