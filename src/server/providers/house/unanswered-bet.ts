import type { FastifyBaseLogger } from 'fastify';
import type { WalletClient } from './wallet-client.ts';

/**
 * Rolls back a bet whose answer never came (its COMMIT may have gone through before the connection was
 * lost), or one sent again under another window's token that the wallet answered `duplicate` (the
 * first attempt is there under the same id, taken or refused): `rollbackTxId` undoes `betTxId`. True
 * once the wallet answered the rollback (the stake, if it was taken, is back); false when the rollback
 * went unanswered too (the database still out of reach): the stake may then be held, so the bet must
 * not be told or recorded as refused with nothing charged.
 */
export async function rollBackBet(
  wallet: WalletClient,
  log: FastifyBaseLogger,
  ids: { roundId: string; betTxId: string; rollbackTxId: string },
): Promise<boolean> {
  try {
    const answer = await wallet.rollback({ txId: ids.rollbackTxId, refTxId: ids.betTxId });
    if (answer.status === 'success') return true;
    log.error({ ...ids, answer }, 'rollback of an unanswered bet refused');
  } catch (error) {
    log.error({ err: error, ...ids }, 'rollback of an unanswered bet unanswered');
  }
  return false;
}

/** Rolls back a round's first bet (`<round>-bet`, under `<round>-rollback`), as rollBackBet. */
export const rollBackUnansweredBet = (wallet: WalletClient, log: FastifyBaseLogger, roundId: string) =>
  rollBackBet(wallet, log, { roundId, betTxId: `${roundId}-bet`, rollbackTxId: `${roundId}-rollback` });
