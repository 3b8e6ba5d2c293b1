import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROTECTION_KINDS, type ProtectionKind } from '../../../shared/vocabulary.ts';
import { members } from '../accounts/accounts.schema.ts';

export { PROTECTION_KINDS, type ProtectionKind };

/**
 * A break or self-exclusion the member chose (migration 0013). Rows are history: a period stays open
 * (liftedAt null) past its end until the member asks and a cooling day has passed.
 */
export const protectionPeriods = pgTable(
  'protection_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: PROTECTION_KINDS }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: a permanent self-exclusion. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftRequestedAt: timestamp('lift_requested_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('protection_periods_open').on(t.memberId).where(sql`${t.liftedAt} is null`),
    index('protection_periods_member').on(t.memberId, t.id),
    check('protection_periods_kind', sql`${t.kind} in ('break', 'exclusion')`),
    check('protection_periods_break_ends', sql`${t.kind} = 'exclusion' or ${t.endsAt} is not null`),
    check('protection_periods_order', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startedAt}`),
  ],
);
