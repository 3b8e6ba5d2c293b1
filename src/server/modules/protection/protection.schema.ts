import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROTECTION_KINDS, type ProtectionKind } from '../../../shared/vocabulary.ts';
import { idColumn, int8, timestamptz } from '../../db/columns.ts';
import { memberIdColumn, members } from '../accounts/accounts.schema.ts';

export { PROTECTION_KINDS, type ProtectionKind };

/**
 * A break or self-exclusion the member chose (migration 0013). Rows are history: a period stays open
 * (liftedAt null) past its end until the member asks and a cooling day has passed.
 */
export const protectionPeriods = pgTable(
  'protection_periods',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    kind: text('kind', { enum: PROTECTION_KINDS }).notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** Null: a permanent self-exclusion. */
    endsAt: timestamptz('ends_at'),
    liftRequestedAt: timestamptz('lift_requested_at'),
    liftedAt: timestamptz('lifted_at'),
  },
  (t) => [
    uniqueIndex('protection_periods_open').on(t.memberId).where(sql`${t.liftedAt} is null`),
    index('protection_periods_member').on(t.memberId, t.id),
    check('protection_periods_kind', sql`${t.kind} in ('break', 'exclusion')`),
    check('protection_periods_break_ends', sql`${t.kind} = 'exclusion' or ${t.endsAt} is not null`),
    check('protection_periods_order', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startedAt}`),
  ],
);

/**
 * Protection events that are not periods or limit changes (migration 0014): a limit hit (once per
 * limit and period start, `detail.key`) and a reality check's answer.
 */
export const protectionEvents = pgTable(
  'protection_events',
  {
    id: idColumn(),
    memberId: int8('member_id').notNull(),
    kind: text('kind', { enum: ['limit_hit', 'reality_check'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('protection_events_member').on(t.memberId, t.id),
    uniqueIndex('protection_events_limit_hit')
      .on(t.memberId, sql`(${t.detail} ->> 'key')`)
      .where(sql`${t.kind} = 'limit_hit'`),
  ],
);

/** The member's reality check interval in minutes (60 when the member has no row). */
export const protectionPreferences = pgTable(
  'protection_preferences',
  {
    memberId: int8('member_id')
      .primaryKey()
      .references(() => members.id),
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(60),
  },
  (t) => [check('protection_preferences_reality', sql`${t.realityCheckMinutes} between 5 and 240`)],
);
