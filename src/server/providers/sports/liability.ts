import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';

/**
 * Locks the selections these bets have legs on, in the book's one lock order: by market, then
 * selection, as a placement locks them (placement.service.ts). Two transactions that took the same
 * selections in opposite orders would wait on each other until PostgreSQL broke the deadlock.
 */
export async function lockSelectionsOf(tx: Tx, betIds: number[]): Promise<void> {
  await tx.execute(
    sql`select id from sb_selections
        where id in (select selection_id from sb_bet_legs where bet_id = any(${intArray(betIds)}::int8[]))
        order by market_id, id for update`,
  );
}

/** Adds a bet's exposure (what it could win beyond its stake) to its selections' liability (sign 1), or gives it back (-1). */
export async function shiftLiability(tx: Tx, betId: number, sign: 1 | -1): Promise<void> {
  await lockSelectionsOf(tx, [betId]);
  await tx.execute(
    sql`update sb_selections s set liability = s.liability + ${sign} * (b.potential_return - b.total_stake)
        from sb_bet_legs l join sb_bets b on b.id = l.bet_id where l.bet_id = ${betId} and s.id = l.selection_id`,
  );
}
