import type { FastifyBaseLogger } from 'fastify';
import type { RoundSeed } from '../../../shared/games/fairness.ts';
import { HOUSE_STAKE_PER_HIT, type JackpotCheck, jackpotCheck } from '../../../shared/games/jackpot.ts';
import { nodeHmac } from './seeds.ts';
import type { WalletClient } from './wallet-client.ts';

/** What a slot round records and answers about the jackpot: the fair draw and what it paid. */
export interface RoundJackpot extends JackpotCheck {
  stakePerHit: number;
  /** The award the wallet paid (0 unless hit). */
  amount: number;
}

/** The round's jackpot draw, from the same seed and nonce as its reels (shared/games/jackpot.ts). */
export async function drawJackpot(seed: RoundSeed, stake: number): Promise<RoundJackpot> {
  const check = await jackpotCheck(nodeHmac, seed, stake, HOUSE_STAKE_PER_HIT);
  return { ...check, stakePerHit: HOUSE_STAKE_PER_HIT, amount: 0 };
}

/** A round that takes no part in the jackpot (demo play, a member outside the pool): no draw, nothing paid. */
export const NO_JACKPOT: RoundJackpot = { draw: 0, threshold: 0, hit: false, stakePerHit: 0, amount: 0 };

/**
 * Claims a hit from the platform's wallet while the round is still open (the wallet pays the whole
 * pool to the round's player, once per round): `paid` with the award; `refused` when the wallet
 * answered no (the round's game session has no jackpot share: a member whose site's currency is not
 * the pool's, a game without the jackpot), so the round wins no jackpot and is settled as any other;
 * `unanswered` when the wallet could not be reached: the caller then leaves the round open for the
 * back office rather than close it without its jackpot.
 */
export async function claimJackpot(
  wallet: WalletClient,
  log: FastifyBaseLogger,
  roundId: string,
): Promise<{ status: 'paid'; amount: number } | { status: 'refused' | 'unanswered' }> {
  try {
    const answer = await wallet.jackpot({ txId: `${roundId}-jackpot`, roundId });
    if (answer.status === 'success') return { status: 'paid', amount: answer.amount ?? 0 };
    log.warn({ roundId, answer }, 'jackpot claim refused; the round wins no jackpot');
    return { status: 'refused' };
  } catch (error) {
    log.error({ err: error, roundId }, 'jackpot claim unanswered');
    return { status: 'unanswered' };
  }
}
