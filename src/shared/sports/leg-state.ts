import { type Fraction, HALF, ONE, parseFractionText } from './fraction.ts';
import type { LegOutcome } from './settlement.ts';

/**
 * What a member sees of one leg of a bet: still open, or how its result settled it. A quarter-line
 * Asian leg that is half void is "half won" or "half lost" (SPORTSBOOK.md §2, v = ½).
 */
export const LEG_STATES = ['open', 'won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type LegState = (typeof LEG_STATES)[number];

const same = (a: Fraction, b: Fraction) => a.num * b.den === b.num * a.den;

export function legStateOf(o: Pick<LegOutcome, 'v' | 'w'>): LegState {
  if (same(o.v, ONE)) return 'void';
  if (same(o.v, HALF)) return o.w === 1 ? 'half_won' : 'half_lost';
  return o.w === 1 ? 'won' : 'lost';
}

/** The same from a payout proof's leg (v as "num/den" text). */
export function legStateOfProof(leg: { open?: boolean; v: string; w: 0 | 1 }): LegState {
  if (leg.open) return 'open';
  const v = parseFractionText(leg.v);
  return v ? legStateOf({ v, w: leg.w }) : 'open';
}
