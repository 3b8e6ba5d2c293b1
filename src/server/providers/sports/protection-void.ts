import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { cancelBet } from './settlement.service.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { flushWallet } from './wallet-sync.ts';

/**
 * A member's break or self-exclusion started on a site that cancels open sports bets then: each open
 * bet goes the book's normal void path (cancelBet with the reason, its stake refunded by a wallet
 * rollback, which the wallet never refuses), then the refunds are sent. A refund the wallet does not
 * answer now is sent again by the book's housekeeping. Bets still pending or delayed are not charged
 * yet: the wallet refuses their stake (the member may not bet now). Returns the bets cancelled.
 */
export async function cancelOpenBetsOf(db: Db, wallet: SportsWallet, playerId: string, reason: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_bets where player_id = ${playerId} and status = 'open' order by id limit 1000`,
  );
  const cancelled: number[] = [];
  for (const { id } of rows) {
    if (await cancelBet(db, Number(id), { operatorId: null, reason })) cancelled.push(Number(id));
  }
  if (cancelled.length > 0) await flushWallet(db, wallet, cancelled).catch(() => undefined);
  return cancelled;
}
