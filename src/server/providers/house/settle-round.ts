import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimJackpot, type RoundJackpot } from './house.jackpot.ts';
import { houseRounds } from './house.schema.ts';
import type { WalletClient } from './wallet-client.ts';

export interface RoundToSettle {
  id: number;
  payout: number;
  jackpot: RoundJackpot | null;
}

/**
 * Pays a round whose bet the wallet took: its jackpot claim (a hit) and then its win, and records it
 * settled. The balance after the win and the jackpot as paid; undefined when the wallet did not
 * answer (a failover): the round stays pending, and the sweep (unpaid-rounds.ts) sends the same calls
 * again, each applied once by its transaction id.
 */
export async function settleRound(
  db: Db,
  wallet: WalletClient,
  log: FastifyBaseLogger,
  round: RoundToSettle,
): Promise<{ balance: number; jackpot: RoundJackpot | undefined } | undefined> {
  const roundId = `H${round.id}`;
  let jackpot = round.jackpot ?? undefined;
  if (jackpot?.hit) {
    const claim = await claimJackpot(wallet, log, roundId);
    if (claim.status === 'unanswered') return undefined;
    // A refused claim (the round takes no part in the pool) never holds back the round's own win: the
    // round records no jackpot and is settled as any other.
    jackpot = claim.status === 'paid' ? { ...jackpot, amount: claim.amount } : undefined;
    await db
      .update(houseRounds)
      .set({ jackpot: jackpot ?? null })
      .where(eq(houseRounds.id, round.id));
  }
  try {
    const win = await wallet.win({ txId: `${roundId}-win`, roundId, amount: round.payout, closeRound: true });
    if (win.status !== 'success') throw new Error(`win refused: ${win.status}`);
    await db.update(houseRounds).set({ status: 'settled' }).where(eq(houseRounds.id, round.id));
    return { balance: win.balance ?? 0, jackpot };
  } catch (error) {
    log.error({ err: error, roundId }, 'win not delivered; the round stays pending until the sweep pays it');
    return undefined;
  }
}
