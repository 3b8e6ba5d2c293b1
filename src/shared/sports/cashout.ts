import { add, div, type Fraction, frac, fractionText, mul, ONE, roundFraction, ZERO } from './fraction.ts';
import { type LegOutcome, legFactor } from './settlement.ts';

/**
 * Cash-out pricing (docs/sportsbook.md, "Cash-out"): what the book pays now to end a single or a
 * multiple before its legs are decided. Each leg still open is worth its accepted price times its
 * selection's fair probability now, taken from its market's current prices with the margin removed
 * (each price's implied probability 1/p divided by the market's overround Σ 1/p). A decided leg is worth
 * its settlement factor f. The bet's fair value is stake × Π worth, and the offer keeps the site's
 * cash-out margin: value = fair × (1 − margin), rounded down to the minor unit once.
 * Exact fractions throughout, as settlement, so the proof recomputes to the unit (tools/sports-verify.ts).
 */

/** Why no cash-out is offered or taken: each its message key `sports.cashout.refusal.<word>`. */
export const CASHOUT_REFUSALS = [
  /** Not an open single or multiple (settled, cashed out, a system bet, another player's). */
  'not_available',
  /** A leg is lost: the bet is worth nothing. */
  'lost',
  /** A leg's market or selection is suspended now, or an outcome of its market closed (only paused, as a rule). */
  'market_suspended',
  /** A leg's event is past its bet stop (started and not live, over). */
  'bet_stop',
  /** The value now is below what the member accepted. */
  'price_changed',
  /** The offer is unknown, used, past its expiry, or for a stake the bet no longer has. */
  'offer_expired',
  /** The stake part asked is not between 1 and the bet's stake. */
  'invalid_part',
] as const;
export type CashoutRefusal = (typeof CASHOUT_REFUSALS)[number];
export const cashoutRefusalKey = (r: CashoutRefusal) => `sports.cashout.refusal.${r}`;

/** One leg as the pricing sees it: decided (its outcome) or open (its market's current prices). */
export type CashoutLegInput = {
  selectionId: string;
  label: string;
  /** The price the leg was accepted at (or its corrected price). */
  price: Fraction;
} & (
  | { outcome: LegOutcome }
  | {
      outcome?: undefined;
      /** The selection's current price. */
      current: Fraction;
      /** Every selection of its market now, this one included (the overround is their Σ 1/p). */
      market: readonly Fraction[];
    }
);

/** One leg of a cash-out's proof: its accepted price and its worth; for an open leg, the prices it came from. */
export interface CashoutProofLeg {
  selectionId: string;
  label: string;
  price: string;
  state: 'decided' | 'open';
  /** An open leg: its selection's price now and its market's prices now, and q = (1/current) / Σ 1/p. */
  current?: string;
  market?: string[];
  q?: string;
  /** The leg's worth: f for a decided leg, price × q for an open one. */
  worth: string;
}

/** What a cash-out keeps: enough to recompute its amount exactly (tools/sports-verify.ts). */
export interface CashoutProof {
  version: 1;
  kind: 'cashout';
  formula: string;
  /** The bet's stake before this cash-out, and the part of it cashed out now. */
  stake: string;
  part: string;
  /** The site's cash-out margin in basis points (500 = 5%). */
  marginBp: number;
  legs: CashoutProofLeg[];
  /** stake × Π worth × (1 − margin): the whole remaining stake's value, exact. */
  exactValue: string;
  /** The amount paid: ⌊exactValue × part / stake⌋. */
  paid: string;
}

export const CASHOUT_FORMULA =
  'paid = floor(stake × Π worth × (1 − margin) × part / stake); worth = f, or price × q';

/** A selection's fair probability from its market's prices, the margin removed proportionally. */
export function fairProbability(current: Fraction, market: readonly Fraction[]): Fraction {
  const overround = market.reduce((sum, p) => add(sum, div(ONE, p)), ZERO);
  return div(div(ONE, current), overround);
}

/**
 * The cash-out of `part` of a bet's `stake` with these legs now, or 'lost' when a leg is lost. Amounts
 * in minor units.
 */
export function cashoutValue(input: {
  stake: bigint;
  part?: bigint;
  marginBp: number;
  legs: readonly CashoutLegInput[];
}): { exact: Fraction; full: bigint; paid: bigint; proof: CashoutProof } | 'lost' {
  const part = input.part ?? input.stake;
  const legs: CashoutProofLeg[] = [];
  let value = frac(input.stake);
  for (const leg of input.legs) {
    const base = { selectionId: leg.selectionId, label: leg.label, price: fractionText(leg.price) };
    if (leg.outcome) {
      const f = legFactor(leg.price, leg.outcome);
      if (f.num === 0n) return 'lost';
      legs.push({ ...base, state: 'decided', worth: fractionText(f) });
      value = mul(value, f);
      continue;
    }
    const q = fairProbability(leg.current, leg.market);
    const worth = mul(leg.price, q);
    legs.push({
      ...base,
      state: 'open',
      current: fractionText(leg.current),
      market: leg.market.map(fractionText),
      q: fractionText(q),
      worth: fractionText(worth),
    });
    value = mul(value, worth);
  }
  const exact = mul(value, frac(BigInt(10_000 - input.marginBp), 10_000n));
  const full = roundFraction(exact, 'down');
  const paid = roundFraction(mul(exact, frac(part, input.stake)), 'down');
  return {
    exact,
    full,
    paid,
    proof: {
      version: 1,
      kind: 'cashout',
      formula: CASHOUT_FORMULA,
      stake: input.stake.toString(),
      part: part.toString(),
      marginBp: input.marginBp,
      legs,
      exactValue: fractionText(exact),
      paid: paid.toString(),
    },
  };
}

/**
 * The least a member accepts for `part` of the stake when they accepted `accepted` for the whole of it
 * (the offer shown): the same share, rounded down.
 */
export const acceptedFor = (accepted: bigint, part: bigint, stake: bigint) => (accepted * part) / stake;
