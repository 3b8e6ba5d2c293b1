import { lineQuarters } from '../../../shared/sports/markets.ts';

/** Market types settled against a line (a total's goals, a handicap's margin). */
const LINE_TYPES = new Set(['total', 'handicap']);

/**
 * Why a market's line cannot be settled, or undefined: a line market needs a line in quarter goals
 * ("2.5", "-0.25"); "2.3" could never be settled, so no market may be opened on it.
 */
export function lineProblem(type: string, params: { line?: string }): string | undefined {
  if (!LINE_TYPES.has(type)) return undefined;
  if (params.line === undefined) return `a ${type} market needs a line`;
  if (lineQuarters(params.line) === undefined)
    return `the line "${params.line}" is not in quarter goals (like 2.5 or -0.25)`;
  return undefined;
}
