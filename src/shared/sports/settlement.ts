import { betLines } from './bet-types.ts';
import { add, type Fraction, frac, fractionText, mul, ONE, roundFraction, sub, ZERO } from './fraction.ts';

/**
 * Settlement by SPORTSBOOK.md §2. Each leg's result gives a void factor v (0, ½ or 1), a win flag w
 * and a dead-heat factor d; with price p the leg's factor is f = v + (1 − v)·w·d·p. A line returns
 * its stake times the product of its legs' factors; a bet returns the sum of its lines, rounded once.
 * The server and the bet slip both compute returns here.
 */
export interface LegOutcome {
  v: Fraction;
  w: 0 | 1;
  d: Fraction;
}

export const WON: LegOutcome = { v: ZERO, w: 1, d: ONE };
export const LOST: LegOutcome = { v: ZERO, w: 0, d: ONE };
export const VOID: LegOutcome = { v: ONE, w: 0, d: ONE };

export function legFactor(price: Fraction, o: LegOutcome): Fraction {
  return add(o.v, o.w === 1 ? mul(mul(sub(ONE, o.v), o.d), price) : ZERO);
}

export type Rounding = 'down' | 'nearest';

/** A bet rounds to nearest when the site or any of its legs' markets does; otherwise down. */
export const betRounding = (site: Rounding, markets: readonly Rounding[]): Rounding =>
  site === 'nearest' || markets.includes('nearest') ? 'nearest' : 'down';

export interface SettleInput {
  /** Stake per line, in minor units. */
  unitStake: bigint;
  sizes: readonly number[];
  legs: readonly { price: Fraction; outcome: LegOutcome }[];
  rounding: Rounding;
}

/** The exact return of a bet before rounding (minor units as a fraction). */
export function exactReturn(input: SettleInput): Fraction {
  const factors = input.legs.map((l) => legFactor(l.price, l.outcome));
  let total = ZERO;
  for (const line of betLines(input.legs.length, input.sizes)) {
    total = add(
      total,
      line.reduce((acc, i) => mul(acc, factors[i]!), frac(input.unitStake)),
    );
  }
  return total;
}

/**
 * The exact return once it is certain, or undefined while it is not: a line is lost as soon as one of
 * its legs is lost (factor 0), whatever its other legs do; otherwise it waits for all of them. So a
 * multiple with a lost leg is decided at once, and a system bet when every line is lost or complete.
 */
export function decidedReturn(input: {
  unitStake: bigint;
  sizes: readonly number[];
  legs: readonly { price: Fraction; outcome: LegOutcome | undefined }[];
}): Fraction | undefined {
  const factors = input.legs.map((l) => (l.outcome ? legFactor(l.price, l.outcome) : undefined));
  let total = ZERO;
  for (const line of betLines(input.legs.length, input.sizes)) {
    const own = line.map((i) => factors[i]);
    if (own.some((f) => f !== undefined && f.num === 0n)) continue;
    if (own.some((f) => f === undefined)) return undefined;
    total = add(
      total,
      own.reduce<Fraction>((acc, f) => mul(acc, f!), frac(input.unitStake)),
    );
  }
  return total;
}

export const lineCount = (legs: number, sizes: readonly number[]) => betLines(legs, sizes).length;

export interface ProofLeg {
  /** A leg still without a result when every line it is in was already lost on another leg: its f is 'open'. */
  open?: true;
  selectionId: string;
  label: string;
  price: string;
  v: string;
  w: 0 | 1;
  d: string;
  f: string;
  resultSource: string;
  resultAt: string;
}

/** What a settled bet keeps: enough for an independent script to recompute its return exactly. */
export interface PayoutProof {
  version: 1;
  formula: 'return = round(unitStake * sum over lines of product of f); f = v + (1 - v) * w * d * p';
  unitStake: string;
  sizes: number[];
  lines: number[][];
  legs: ProofLeg[];
  exactReturn: string;
  rounding: Rounding;
  return: string;
}

export interface ProofLegInput {
  selectionId: string;
  label: string;
  price: Fraction;
  /** Undefined while the leg has no result (allowed only where decidedReturn says the bet is decided). */
  outcome: LegOutcome | undefined;
  resultSource: string;
  resultAt: string;
}

export function settleWithProof(input: {
  unitStake: bigint;
  sizes: readonly number[];
  legs: readonly ProofLegInput[];
  rounding: Rounding;
}): { amount: bigint; proof: PayoutProof } {
  const exact = decidedReturn(input);
  if (!exact) throw new RangeError('the bet is not decided yet: a line waits for a result');
  const amount = roundFraction(exact, input.rounding);
  return {
    amount,
    proof: {
      version: 1,
      formula: 'return = round(unitStake * sum over lines of product of f); f = v + (1 - v) * w * d * p',
      unitStake: input.unitStake.toString(),
      sizes: [...input.sizes],
      lines: betLines(input.legs.length, input.sizes),
      legs: input.legs.map((l) =>
        l.outcome
          ? {
              selectionId: l.selectionId,
              label: l.label,
              price: fractionText(l.price),
              v: fractionText(l.outcome.v),
              w: l.outcome.w,
              d: fractionText(l.outcome.d),
              f: fractionText(legFactor(l.price, l.outcome)),
              resultSource: l.resultSource,
              resultAt: l.resultAt,
            }
          : {
              open: true as const,
              selectionId: l.selectionId,
              label: l.label,
              price: fractionText(l.price),
              v: '0/1',
              w: 0 as const,
              d: '1/1',
              f: 'open',
              resultSource: '',
              resultAt: '',
            },
      ),
      exactReturn: fractionText(exact),
      rounding: input.rounding,
      return: amount.toString(),
    },
  };
}

/** The most a bet can return (every leg winning at full price), rounded as it would be settled. */
export function potentialReturn(input: Omit<SettleInput, 'legs'> & { prices: readonly Fraction[] }): bigint {
  return roundFraction(
    exactReturn({ ...input, legs: input.prices.map((price) => ({ price, outcome: WON })) }),
    input.rounding,
  );
}
