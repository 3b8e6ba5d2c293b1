import type { Db } from '../../db/client.ts';
import { payoutQueue } from './payout-queue.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { unpaidSteps } from './wallet-step.ts';

/**
 * Sends settlement steps the wallet has not confirmed (of the given bets, or the oldest 2,000), oldest
 * first; a bet's later step waits for its earlier one. Safe to run from several places at once:
 * every call carries its own transaction id. `recordedBefore` leaves newer steps to whoever is
 * sending them now (housekeeping would otherwise send a settlement's queue a second time).
 */
export async function flushWallet(
  db: Db,
  wallet: SportsWallet,
  betIds?: number[],
  recordedBefore?: Date,
): Promise<{ sent: number; failed: number }> {
  const bets = await unpaidSteps(db, { betIds, recordedBefore });
  if (bets.length === 0) return { sent: 0, failed: 0 };
  const queue = payoutQueue(db, wallet);
  for (const steps of bets) queue.push(steps);
  return queue.drain();
}
