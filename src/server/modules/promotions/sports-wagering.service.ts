import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * An accepted sports bet counts towards the member's active bonus (promo_wager_sports): stake × the
 * sports contribution, when the bet's price (potential return / stake) meets the bonus's minimum odds.
 * Call it once per bet, in the transaction that opens it.
 */
export async function countSportsStake(
  tx: DbOrTx,
  memberId: number,
  stake: number,
  potentialReturn: number,
): Promise<void> {
  if (!Number.isSafeInteger(memberId) || memberId <= 0) return;
  await tx.execute(sql`select promo_wager_sports(${memberId}, ${stake}::int8, ${potentialReturn}::int8)`);
}
