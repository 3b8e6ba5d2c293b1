import { date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { int8 } from '../../db/columns.ts';

/**
 * The dashboard's rollups (migration 0015), kept by triggers in the transactions of the writes they
 * count (src/server/modules/backoffice/sql/count_*_figures.sql), in 64 buckets by member id.
 */

/**
 * Per figure, day, bucket, currency and site: deposits, withdrawals, bets and wins in minor units of their
 * currency (never added across currencies); new_members, active_day and active_month with currency ''.
 * The day is the site's, in its time zone (migration 0084): the dashboard reads each site's rows from
 * its own today and month.
 */
export const dailyFigures = pgTable(
  'daily_figures',
  {
    figure: text('figure').notNull(),
    day: date('day').notNull(),
    bucket: smallint('bucket').notNull(),
    currency: text('currency').notNull().default(''),
    siteId: int8('site_id').notNull(),
    amount: int8('amount').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'daily_figures_pk', columns: [t.figure, t.day, t.bucket, t.currency, t.siteId] }),
  ],
);

/** A member's first activity in a day ('active_day') or a month ('active_month') of their site, counted once. */
export const memberActivity = pgTable(
  'member_activity',
  {
    figure: text('figure', { enum: ['active_day', 'active_month'] }).notNull(),
    period: date('period').notNull(),
    memberId: int8('member_id').notNull(),
  },
  (t) => [primaryKey({ name: 'member_activity_pk', columns: [t.figure, t.period, t.memberId] })],
);

/** Members per site and level (the levels screen). */
export const memberLevelCounts = pgTable(
  'member_level_counts',
  {
    siteId: int8('site_id').notNull(),
    level: integer('level').notNull(),
    bucket: smallint('bucket').notNull(),
    members: int8('members').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'member_level_counts_pk', columns: [t.siteId, t.level, t.bucket] })],
);
