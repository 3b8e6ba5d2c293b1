/**
 * The progressive jackpot's rules, the same on the server, in the game window and on the verify
 * page: the provably fair trigger of one round, and the exact share of a stake the pool receives.
 *
 * Trigger: a 48-bit draw from HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:jackpot`) — its own
 * message, so the draw never shifts the numbers a game reads from cursors 0, 1, ... of the same
 * round. The round hits when draw / 2^48 < stake / stakePerHit: the chance grows with the stake,
 * so every unit staked has the same chance whatever the bet size.
 */
import type { HmacSha256, RoundSeed } from './fairness.ts';

/** The draw is an integer in [0, 2^48). */
export const DRAW_BITS = 48;
const DRAW_SPAN = 2n ** BigInt(DRAW_BITS);

/**
 * The built-in provider's odds: a spin staking this many minor units would hit for certain; one
 * staking 1,000 hits once in 2,000,000 spins on average.
 */
export const HOUSE_STAKE_PER_HIT = 2_000_000_000;

/** Basis points are shares of 10,000. */
export const BPS = 10_000;

export const jackpotMessage = (seed: Pick<RoundSeed, 'clientSeed' | 'nonce'>) =>
  `${seed.clientSeed}:${seed.nonce}:jackpot`;

/** The round's draw: the HMAC's first six bytes, big-endian. */
export async function jackpotDraw(hmac: HmacSha256, seed: RoundSeed): Promise<number> {
  const bytes = await hmac(seed.serverSeed, jackpotMessage(seed));
  let draw = 0;
  for (let i = 0; i < DRAW_BITS / 8; i++) draw = draw * 256 + bytes[i]!;
  return draw;
}

/** The smallest draw that misses: a round hits when its draw is below this (0 for no stake). */
export function jackpotThreshold(stake: number, stakePerHit: number): number {
  if (!Number.isSafeInteger(stake) || !Number.isSafeInteger(stakePerHit) || stakePerHit <= 0) {
    throw new RangeError('stake and stakePerHit must be whole numbers, stakePerHit above zero');
  }
  if (stake <= 0) return 0;
  if (stake >= stakePerHit) return Number(DRAW_SPAN);
  // ceil(stake * 2^48 / stakePerHit), exactly: draw < x  <=>  draw < ceil(x) for a whole draw.
  const numerator = BigInt(stake) * DRAW_SPAN;
  const per = BigInt(stakePerHit);
  return Number((numerator + per - 1n) / per);
}

export interface JackpotCheck {
  draw: number;
  threshold: number;
  hit: boolean;
}

/** Whether a round with this seed and stake wins the jackpot, with the numbers to show. */
export async function jackpotCheck(
  hmac: HmacSha256,
  seed: RoundSeed,
  stake: number,
  stakePerHit: number = HOUSE_STAKE_PER_HIT,
): Promise<JackpotCheck> {
  const draw = await jackpotDraw(hmac, seed);
  const threshold = jackpotThreshold(stake, stakePerHit);
  return { draw, threshold, hit: draw < threshold };
}

/**
 * A stake's contribution to the pool, in whole minor units, without losing fractions: each pool
 * shard keeps `units`, the sum of stake × bps of every stake it was paid from. The pool has then
 * received floor(units / 10,000) in total, so one stake adds the difference of that floor before
 * and after it. Summed over any run of stakes the contributions equal the stated share of their
 * total exactly, short of under one minor unit still waiting in the shard (units mod 10,000).
 * The database function wallet_bet does the same arithmetic; this copy is for tests and pages.
 */
export function contributionOf(unitsBefore: bigint, stake: number, bps: number) {
  const unitsAfter = unitsBefore + BigInt(stake) * BigInt(bps);
  const contribution = unitsAfter / BigInt(BPS) - unitsBefore / BigInt(BPS);
  return { contribution: Number(contribution), unitsAfter };
}

/** The share as a percentage for display: 100 bps → "1", 125 bps → "1.25". */
export function bpsAsPercent(bps: number): string {
  return (bps / 100).toFixed(2).replace(/\.?0+$/, '');
}
