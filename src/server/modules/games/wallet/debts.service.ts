import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';

/**
 * What a member owes after corrections (wallet_debts) and its latest changes, newest first: the
 * back office's member page shows it (SPORTSBOOK.md §3).
 */
export async function memberDebt(db: DbOrTx, memberId: number, limit: number) {
  const [owed, entries] = await Promise.all([
    queryRows<{ amount: number }>(db, sql`select amount from wallet_debts where member_id = ${memberId}`),
    queryRows<{
      id: number;
      amount: number;
      provider: string;
      round_id: string;
      tx_id: string;
      created_at: Date;
    }>(
      db,
      sql`select id, amount, provider, round_id, tx_id, created_at from wallet_debt_entries
          where member_id = ${memberId} order by id desc limit ${limit}`,
    ),
  ]);
  return {
    owed: Number(owed[0]?.amount ?? 0),
    entries: entries.map((e) => ({
      id: Number(e.id),
      amount: Number(e.amount),
      provider: e.provider,
      roundId: e.round_id,
      txId: e.tx_id,
      createdAt: new Date(e.created_at).toISOString(),
    })),
  };
}
