import { type BetKind, sizesFor } from './bet-types.ts';
import type { Fraction } from './fraction.ts';
import {
  betRounding,
  type LegOutcome,
  lineCount,
  type Rounding,
  settleWithProof,
  WON,
} from './settlement.ts';

/** What the bet slip knows of a bet before it is placed. */
export interface SlipBet {
  kind: BetKind;
  systemName?: string;
  sizes?: number[];
  /** Stake per line, in minor units. */
  unitStake: bigint;
  legs: readonly { price: Fraction; rounding: Rounding }[];
  siteRounding: Rounding;
}

/**
 * The slip's lines, total stake and return, computed by the settlement the server runs
 * (`settleWithProof`, with every leg winning unless outcomes are given), rounded by the same rule
 * (`betRounding`). Undefined when the slip is not a valid bet shape.
 */
export function slipFigures(
  slip: SlipBet,
  outcomes?: readonly LegOutcome[],
): { lines: number; totalStake: bigint; potentialReturn: bigint } | undefined {
  const sizes = sizesFor(slip.kind, slip.legs.length, { sizes: slip.sizes, name: slip.systemName });
  if (typeof sizes === 'string') return undefined;
  const lines = lineCount(slip.legs.length, sizes);
  const { amount } = settleWithProof({
    unitStake: slip.unitStake,
    sizes,
    rounding: betRounding(
      slip.siteRounding,
      slip.legs.map((l) => l.rounding),
    ),
    legs: slip.legs.map((l, i) => ({
      selectionId: String(i),
      label: '',
      price: l.price,
      outcome: outcomes?.[i] ?? WON,
      resultSource: '',
      resultAt: '',
    })),
  });
  return { lines, totalStake: slip.unitStake * BigInt(lines), potentialReturn: amount };
}
