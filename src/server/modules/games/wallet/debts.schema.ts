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

/**
 * An operator's action on a member's debt (migration 0073): a write-off (`write_off`: the house absorbs
 * it, no money moves) or a collection from their cash (`cash`, through wallet_collect_debt). `key` is
 * the operator's idempotency key; the action's change of the debt is the wallet_debt_entries row with
 * provider 'backoffice' and tx_id = key.
 */
export const walletDebtActions = pgTable(
  'wallet_debt_actions',
  {
    key: text('key').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['write_off', 'cash'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    owedBefore: bigint('owed_before', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    operator: text('operator').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_debt_actions_kind_known', sql`${t.kind} in ('write_off', 'cash')`),
    check('wallet_debt_actions_positive', sql`${t.amount} > 0 and ${t.amount} <= ${t.owedBefore}`),
    index('wallet_debt_actions_member').on(t.memberId),
  ],
);
