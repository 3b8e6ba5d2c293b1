import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';
import { textArray } from '../../../db/sql-array.ts';

/** What the wallet holds of one provider round: the stakes standing, the wins paid, its state. */
export interface RoundTotals {
  totalBet: number;
  totalWin: number;
  status: string;
}

/**
 * The wallet's view of a provider's rounds, for the provider's reconciliation (the sportsbook compares
 * each bet with its round): rounds the wallet never saw are absent. By the provider-round index.
 */
export async function roundTotals(
  db: DbOrTx,
  provider: string,
  roundIds: readonly string[],
): Promise<Map<string, RoundTotals>> {
  if (roundIds.length === 0) return new Map();
  const rows = await queryRows<{ round_id: string; total_bet: number; total_win: number; status: string }>(
    db,
    sql`select round_id, total_bet, total_win, status from game_rounds
        where provider = ${provider} and round_id = any(${textArray(roundIds)}::text[])`,
  );
  return new Map(
    rows.map((r) => [
      r.round_id,
      { totalBet: Number(r.total_bet), totalWin: Number(r.total_win), status: r.status },
    ]),
  );
}

/**
 * A page of a provider's rounds still waiting for their win, opened before `openedBefore`, oldest first
 * from after the open round `after` (an `id` of the page before): for a provider to finish what a
 * failover or crash left half done (open_game_rounds, by its key).
 */
export async function openRoundsOf(
  db: DbOrTx,
  provider: string,
  openedBefore: Date,
  limit: number,
  after = 0,
): Promise<Array<{ id: number; roundId: string }>> {
  const rows = await queryRows<{ id: number; round_id: string }>(
    db,
    sql`select o.game_round_id as id, r.round_id from open_game_rounds o join game_rounds r on r.id = o.game_round_id
        where o.game_round_id > ${after} and r.provider = ${provider} and r.opened_at < ${openedBefore}
        order by o.game_round_id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), roundId: r.round_id }));
}

const PAGE = 500;

/**
 * The stakes and wins of the member's game rounds opened since `since` (sports bets are rounds too), for
 * player protection's reality check. Read newest first by the index game_rounds_member, a page at a
 * time, stopping at the first round older than `since`: bounded by those rounds, not by history.
 */
export async function memberPlaySince(
  db: DbOrTx,
  memberId: number,
  since: Date,
): Promise<{ stakes: number; wins: number }> {
  let stakes = 0;
  let wins = 0;
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await queryRows<{
      id: number;
      total_bet: number;
      total_win: number;
      opened_at: Date | string;
    }>(
      db,
      sql`select id, total_bet, total_win, opened_at from game_rounds
          where member_id = ${memberId} and id < ${before} order by id desc limit ${PAGE}`,
    );
    for (const r of rows) {
      if (new Date(r.opened_at) < since) return { stakes, wins };
      stakes += Number(r.total_bet);
      wins += Number(r.total_win);
    }
    if (rows.length < PAGE) return { stakes, wins };
    before = Number(rows[rows.length - 1]!.id);
  }
}
