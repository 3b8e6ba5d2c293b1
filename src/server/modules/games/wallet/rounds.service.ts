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
