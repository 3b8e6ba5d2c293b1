import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
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
 * Locks one market's selections in the book's lock order, before a statement that updates several of
 * them (a price move, a feed's open flags): such an update takes its rows in whatever order its plan
 * reads them, and a settlement holding one of them in order could wait on it the other way round.
 */
export async function lockMarketSelections(tx: DbOrTx, marketId: number): Promise<void> {
  await tx.execute(sql`select id from sb_selections where market_id = ${marketId} order by id for update`);
}

/**
 * Where a bet's liability sits — the one rule, used by placement, settlement and the risk views:
 *  - a single or a system bet: on every leg's selection (a system pays on any line that comes in);
 *  - a multiple (accumulator): on its open leg only, the earliest-starting leg whose result is not in
 *    (then by its place in the slip). When that leg wins or is void, the liability moves to the next
 *    open leg; when a leg loses, the bet is decided and its liability goes. The open leg is kept on
 *    the bet (sb_bets.liability_leg), so what was added is taken off the same selection.
 */
export interface LegState {
  idx: number;
  startsAt: Date;
  /** Its result is in (won, lost, void), or the desk voided the leg. */
  decided: boolean;
}

/** A multiple's open leg (its idx); when every leg is decided, the last to start (the bet settles now). */
export function openLeg(legs: LegState[]): number {
  const order = [...legs].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.idx - b.idx);
  return (order.find((l) => !l.decided) ?? order.at(-1)!).idx;
}

/**
 * Moves multiples' liability to their open leg now: [{ bet_id, leg }] as JSON. Only bets whose leg
 * changes are passed; the selections of these bets are locked by the caller (lockSelectionsOf). A
 * bet not holding liability (settled) only has its leg noted, where a correction would put it back.
 */
export async function moveOpenLegs(tx: Tx, moves: { bet_id: number; leg: number }[]): Promise<void> {
  if (moves.length === 0) return;
  const rows = JSON.stringify(moves);
  await tx.execute(
    sql`insert into sb_selection_liability as t (selection_id, currency, liability)
        select l.selection_id, b.currency, sum(case when l.idx = y.leg then 1 else -1 end * (b.potential_return - b.total_stake))
        from jsonb_to_recordset(${rows}::jsonb) as y(bet_id int8, leg int)
        join sb_bets b on b.id = y.bet_id join sb_bet_legs l on l.bet_id = b.id
          and (l.idx = y.leg or l.idx = b.liability_leg)
        where sb_bet_running(b.status) and b.liability_leg is distinct from y.leg
        group by l.selection_id, b.currency
        on conflict (selection_id, currency) do update set liability = t.liability + excluded.liability`,
  );
  await tx.execute(
    sql`update sb_bets b set liability_leg = y.leg from jsonb_to_recordset(${rows}::jsonb) as y(bet_id int8, leg int)
        where b.id = y.bet_id`,
  );
}

/**
 * Adds a bet's exposure (what it could win beyond its stake) to its selections' liability in the bet's
 * currency (sign 1), or gives it back (-1): on every leg, or a multiple's open leg only.
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
          and (b.kind <> 'multiple' or l.idx = b.liability_leg)
        group by l.selection_id, b.currency
        on conflict (selection_id, currency) do update set liability = t.liability + excluded.liability`,
  );
}
