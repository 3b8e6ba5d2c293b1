import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a member owes after a correction took back money already spent (SPORTSBOOK.md §3): cash never
 * goes negative; the shortfall is owed and collected from later credits (wallet_take_back and
 * wallet_collect_debt (sql/wallet_collect_debt.sql), run inside the wallet call that takes or credits).
 */
export const walletDebts = pgTable(
  'wallet_debts',
  {
    memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    txId: text('tx_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_debt_entries_member').on(t.memberId, t.id),
    index('wallet_debt_entries_round').on(t.provider, t.roundId),
  ],
);
