import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, int8, updatedAtColumn } from '../../../db/columns.ts';

/**
 * What a member owes after a correction took back money already spent (SPORTSBOOK.md §3): cash never
 * goes negative; the shortfall is owed and collected from later credits (wallet_take_back and
 * wallet_collect_debt (sql/wallet_collect_debt.sql), run inside the wallet call that takes or credits).
 */
export const walletDebts = pgTable(
  'wallet_debts',
  {
    memberId: int8('member_id').primaryKey(),
    amount: int8('amount').notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('wallet_debts_not_negative', sql`${t.amount} >= 0`),
    // What a win's debt look-up probes (wallet_collect_debt): only members who owe are in it.
    index('wallet_debts_owing').on(t.memberId).where(sql`${t.amount} > 0`),
  ],
);

/** Each change of a debt: positive when incurred, negative when collected. */
export const walletDebtEntries = pgTable(
  'wallet_debt_entries',
  {
    id: idColumn(),
    memberId: int8('member_id').notNull(),
    amount: int8('amount').notNull(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    txId: text('tx_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('wallet_debt_entries_member').on(t.memberId, t.id),
    index('wallet_debt_entries_round').on(t.provider, t.roundId),
  ],
);
