import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LIMIT_ACTIONS } from '../../../shared/contract/admin/protection.ts';
import { LIMIT_KINDS, LIMIT_PERIODS } from '../../../shared/vocabulary.ts';
import { idColumn, int8, timestamptz, updatedAtColumn } from '../../db/columns.ts';
import { memberIdColumn } from '../accounts/accounts.schema.ts';

/**
 * The limits a member sets on themselves (migration 0014): deposit, loss and wager per day, week or
 * month, and a session time limit (minutes). An increase or a removal waits in pending_* until
 * pending_from and applies only when the member confirms it then.
 */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    memberId: memberIdColumn(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    period: text('period', { enum: LIMIT_PERIODS }).notNull(),
    amount: int8('amount').notNull(),
    pendingAmount: int8('pending_amount'),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingFrom: timestamptz('pending_from'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'protection_limits_pkey', columns: [t.memberId, t.kind, t.period] }),
    check('protection_limits_kind', sql`${t.kind} in ('deposit', 'loss', 'wager', 'session')`),
    check(
      'protection_limits_period',
      sql`(${t.kind} = 'session') = (${t.period} = 'session') and ${t.period} in ('day', 'week', 'month', 'session')`,
    ),
    check('protection_limits_amount', sql`${t.amount} > 0`),
    check(
      'protection_limits_pending',
      sql`(${t.pendingFrom} is null) = (${t.pendingAmount} is null and not ${t.pendingRemove})
        and (${t.pendingAmount} is null or ${t.pendingAmount} > ${t.amount})`,
    ),
  ],
);

/** Every change of a limit, as history (the back office's member detail). */
export const protectionLimitChanges = pgTable(
  'protection_limit_changes',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    period: text('period', { enum: LIMIT_PERIODS }).notNull(),
    action: text('action', { enum: LIMIT_ACTIONS }).notNull(),
    amount: int8('amount'),
    previous: int8('previous'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('protection_limit_changes_member').on(t.memberId, t.id)],
);

/**
 * A member's deposits, stakes and wins per local day of their site, kept by the wallet functions and
 * the deposit credit in the transaction of the transfer. No foreign key: it is written on every bet.
 */
export const memberPlayDays = pgTable(
  'member_play_days',
  {
    memberId: int8('member_id').notNull(),
    day: date('day').notNull(),
    deposits: int8('deposits').notNull().default(0),
    stakes: int8('stakes').notNull().default(0),
    wins: int8('wins').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'member_play_days_pkey', columns: [t.memberId, t.day] }),
    // The cashback payout reads a period's days across members (migration 0040).
    index('member_play_days_day').on(t.day),
  ],
);
