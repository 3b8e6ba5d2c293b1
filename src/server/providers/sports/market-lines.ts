import { lineQuarters, type MarketParams } from '../../../shared/sports/markets.ts';

/** Market types settled against a line (a total's goals, a handicap's margin). */
const LINE_TYPES = new Set(['total', 'handicap', 'handicap_3way', 'team_total']);
/** Totals count goals (or points, games): a line below zero is always over. */
const TOTAL_TYPES = new Set(['total', 'team_total']);

/**
 * Why a market's line cannot be settled, or undefined: a line market needs a line in quarter goals
 * ("2.5", "-0.25"); "2.3" could never be settled, so no market may be opened on it. A three-way
 * handicap takes whole goals only (its draw is the line landing exactly); a total needs a line above
 * zero, and a team total names its team.
 */
export function lineProblem(type: string, params: MarketParams): string | undefined {
  if (params.period !== undefined && params.period !== 'ft' && params.period !== 'ht')
    return `the period "${String(params.period)}" is not ft or ht`;
  if (type === 'team_total' && params.team !== 'home' && params.team !== 'away')
    return 'a team total names its team (home or away)';
  if (!LINE_TYPES.has(type)) return undefined;
  if (params.line === undefined) return `a ${type} market needs a line`;
  const q = lineQuarters(params.line);
  if (q === undefined) return `the line "${params.line}" is not in quarter goals (like 2.5 or -0.25)`;
  if (type === 'handicap_3way' && q % 4 !== 0)
    return `a three-way handicap takes whole goals (like -1 or 2), not "${params.line}"`;
  if (TOTAL_TYPES.has(type) && q <= 0) return `a total's line is above zero, not "${params.line}"`;
  return undefined;
}
