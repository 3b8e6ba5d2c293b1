import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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

/**
 * Each change of a debt: positive when incurred, negative when collected or written off. `restored`
 * marks a write-off that a correction of the same round in the member's favour brought back
 * (wallet_restore_write_off, migration 0075): the same correction's credit then pays it.
 */
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
    restored: boolean('restored').notNull().default(false),
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

/**
 * A member's debt per round (migration 0075): what the round's corrections took back beyond the cash
 * and is still owed, and what of it an operator wrote off. wallet_debts is the member's total (the sum
 * of `owed`). A credit pays its own round's debt first, then the oldest (wallet_collect_debt); a write-off
 * moves every round's `owed` to `written_off`; a later correction of the round in the member's favour
 * moves it back before anything is paid (wallet_restore_write_off), so a win is never paid twice.
 */
export const walletRoundDebts = pgTable(
  'wallet_round_debts',
  {
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    writtenOff: bigint('written_off', { mode: 'number' }).notNull().default(0),
    /** Since when the round owes what it owes now: a collection pays the oldest first. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wallet_round_debts_pkey', columns: [t.provider, t.roundId] }),
    check('wallet_round_debts_not_negative', sql`${t.owed} >= 0 and ${t.writtenOff} >= 0`),
    // What a collection and a write-off walk: the member's rounds that still owe, oldest first.
    index('wallet_round_debts_owing').on(t.memberId, t.openedAt).where(sql`${t.owed} > 0`),
    // What the dashboard sums as written off (wallet_debt_figures): those rounds only (migration 0078).
    index('wallet_round_debts_written_off').on(t.memberId, t.writtenOff).where(sql`${t.writtenOff} > 0`),
  ],
);
