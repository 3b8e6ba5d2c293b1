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

/**
 * Adds a bet's exposure (what it could win beyond its stake) to its selections' liability in the bet's
 * currency (sign 1), or gives it back (-1).
 */
export async function shiftLiability(tx: Tx, betId: number, sign: 1 | -1): Promise<void> {
  await lockSelectionsOf(tx, [betId]);
  await addLiability(tx, JSON.stringify([{ bet_id: betId, sign }]));
}

/**
 * Moves the liability of these bets ([{ bet_id, sign }] as JSON) on their selections, per currency; the
 * selections are locked by the caller (lockSelectionsOf).
 */
export async function addLiability(tx: Tx, signs: string): Promise<void> {
  await tx.execute(
    sql`insert into sb_selection_liability as t (selection_id, currency, liability)
        select l.selection_id, b.currency, sum(y.sign * (b.potential_return - b.total_stake))
        from jsonb_to_recordset(${signs}::jsonb) as y(bet_id int8, sign int)
        join sb_bets b on b.id = y.bet_id join sb_bet_legs l on l.bet_id = b.id
        group by l.selection_id, b.currency
        on conflict (selection_id, currency) do update set liability = t.liability + excluded.liability`,
  );
}
