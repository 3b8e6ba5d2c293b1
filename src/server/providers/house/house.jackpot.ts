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

/**
 * Claims a hit from the platform's wallet while the round is still open (the wallet pays the whole
 * pool to the round's player, once per round). Undefined when the wallet could not be reached or
 * refused: the caller then leaves the round open for the back office rather than close it unpaid.
 */
export async function claimJackpot(
  wallet: WalletClient,
  log: FastifyBaseLogger,
  roundId: string,
): Promise<number | undefined> {
  try {
    const answer = await wallet.jackpot({ txId: `${roundId}-jackpot`, roundId });
    if (answer.status === 'success') return answer.amount ?? 0;
    log.error({ roundId, answer }, 'jackpot claim refused');
  } catch (error) {
    log.error({ err: error, roundId }, 'jackpot claim unanswered');
  }
  return undefined;
}
