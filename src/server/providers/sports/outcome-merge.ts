import { parseDecimalString } from '../../../shared/sports/fraction.ts';
import type { MarketResult, OutcomeSettlement } from '../../../shared/sports/markets.ts';

/**
 * A feed settles a market outcome by outcome, often over several messages (UOF: the outcomes already
 * decided early, the rest later). The market's result is the merge of them all: each message sets only
 * the outcomes it lists. An outcome listed again with the same factors changes no bet (at most its
 * certainty rises); with different ones it is corrected, unless the new word is less sure than the one
 * in force (a live-scouted result never overrides a confirmed one).
 */
export type OutcomesResult = Extract<MarketResult, { kind: 'outcomes' }>;

export interface MergedOutcomes {
  result: OutcomesResult;
  /** Some outcome was added or changed: the market's bets need a settlement run. */
  settles: boolean;
  /** The stored result changes (an outcome added or changed, or only a certainty raised). */
  differs: boolean;
  /** Outcomes whose different result was not taken: less sure than the result in force. */
  overruled: string[];
}

/** How sure a feed was of an outcome: its certainty, 0 when it did not say. */
const sureness = (o: OutcomeSettlement) => o.certainty ?? 0;

function sameDecimal(a: string | undefined, b: string | undefined, unsaid: string) {
  const x = parseDecimalString(a ?? unsaid);
  const y = parseDecimalString(b ?? unsaid);
  return x !== undefined && y !== undefined && x.num * y.den === y.num * x.den;
}

/** Whether two settlements of an outcome pay alike (won, void factor and dead-heat factor). */
export const sameSettlement = (a: OutcomeSettlement, b: OutcomeSettlement) =>
  a.won === b.won && sameDecimal(a.voidFactor, b.voidFactor, '0') && sameDecimal(a.deadHeat, b.deadHeat, '1');

/**
 * The result in force with the listed outcomes merged in. A result that is not per outcome (none, the
 * desk's score or winners, a void) is replaced whole by the listed outcomes, as a correction.
 */
export function mergeOutcomes(current: MarketResult | null, listed: OutcomeSettlement[]): MergedOutcomes {
  if (current?.kind !== 'outcomes') {
    const outcomes = [...new Map(listed.map((o) => [o.key, o])).values()];
    return { result: { kind: 'outcomes', outcomes }, settles: true, differs: true, overruled: [] };
  }
  const byKey = new Map(current.outcomes.map((o) => [o.key, o]));
  let settles = false;
  let differs = false;
  const overruled: string[] = [];
  for (const next of listed) {
    const now = byKey.get(next.key);
    if (!now) {
      byKey.set(next.key, next);
      settles = differs = true;
    } else if (sameSettlement(now, next)) {
      if (sureness(next) > sureness(now)) {
        byKey.set(next.key, { ...now, certainty: sureness(next) });
        differs = true;
      }
    } else if (sureness(next) >= sureness(now)) {
      byKey.set(next.key, next);
      settles = differs = true;
    } else overruled.push(next.key);
  }
  return { result: { kind: 'outcomes', outcomes: [...byKey.values()] }, settles, differs, overruled };
}
