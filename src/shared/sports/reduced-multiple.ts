import { type LegOutcome, VOID } from './settlement.ts';

/**
 * A house rule that differs between books (SPORTSBOOK.md §2): a multiple whose legs are all void but
 * one either stands as a single on that leg (`single`, the book's default) or is void as a whole, its
 * stake paid back (`void`).
 */
export const REDUCED_MULTIPLE_RULES = ['single', 'void'] as const;
export type ReducedMultiple = (typeof REDUCED_MULTIPLE_RULES)[number];

/** What the payout proof names as the live leg's result when the rule voids the bet. */
export const REDUCED_MULTIPLE_SOURCE = 'house rule: a multiple reduced to one live leg is void';

const isVoid = (o: LegOutcome | undefined) => o !== undefined && o.v.num === o.v.den;

/**
 * The legs as they settle under the rule: with `void`, a multiple of two or more legs all void but one
 * has that one counted void too (whatever its result, decided or not), so the bet returns its stake
 * and its proof says why; otherwise the legs as they are. The bet's legs as they stand decide it, so a
 * correction that brings a void leg back makes the bet a multiple again at its next settlement step.
 */
export function underReducedMultipleRule<L extends { outcome: LegOutcome | undefined; resultSource: string }>(
  rule: ReducedMultiple,
  kind: string | undefined,
  legs: L[],
): L[] {
  if (rule !== 'void' || kind !== 'multiple' || legs.length < 2) return legs;
  if (legs.filter((l) => isVoid(l.outcome)).length !== legs.length - 1) return legs;
  return legs.map((l) =>
    isVoid(l.outcome) ? l : { ...l, outcome: VOID, resultSource: REDUCED_MULTIPLE_SOURCE },
  );
}
