import type { FastifyBaseLogger } from 'fastify';
import type { WalletClient } from './wallet-client.ts';

/**
 * Rolls back a round's bet whose answer never came: its COMMIT may have gone through before the
 * connection was lost. True once the wallet answered the rollback (the stake, if it was taken, is
 * back); false when the rollback went unanswered too (the database still out of reach): the stake
 * may then be held, so the round must not be told or recorded as refused with nothing charged.
 */
export async function rollBackUnansweredBet(
  wallet: WalletClient,
  log: FastifyBaseLogger,
  roundId: string,
): Promise<boolean> {
  try {
    const answer = await wallet.rollback({ txId: `${roundId}-rollback`, refTxId: `${roundId}-bet` });
    if (answer.status === 'success') return true;
    log.error({ roundId, answer }, 'rollback of an unanswered bet refused');
  } catch (error) {
    log.error({ err: error, roundId }, 'rollback of an unanswered bet unanswered');
  }
  return false;
}
