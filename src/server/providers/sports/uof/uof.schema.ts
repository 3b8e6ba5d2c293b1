import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { int8, timestamptz, updatedAtColumn } from '../../../db/columns.ts';

/** The Unified Odds Feed adapter's own records (migration 0020). */

/** Every message received, once, with what became of it: a repeat finds its key and changes nothing. */
export const sbUofMessages = pgTable(
  'sb_uof_messages',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    product: integer('product'),
    eventUrn: text('event_urn'),
    ts: int8('ts'),
    outcome: text('outcome', { enum: ['applied', 'stale', 'rejected'] }).notNull(),
    detail: text('detail'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('sb_uof_messages_received').on(t.receivedAt),
    check('sb_uof_messages_outcome', sql`${t.outcome} IN ('applied', 'stale', 'rejected')`),
  ],
);

/**
 * Order per event and producer (migration 0068): each producer's feed time of the newest message
 * applied to the event, by its product ({"1": ts, "3": ts}); each producer keeps its own clock.
 */
export const sbUofEventCursor = pgTable('sb_uof_event_cursor', {
  eventUrn: text('event_urn').primaryKey(),
  producerTs: jsonb('producer_ts').$type<Record<string, number>>().notNull().default({}),
  updatedAt: updatedAtColumn(),
});

/** Each producer's health: down until the recovery it asked for ends with its snapshot_complete. */
export const sbUofProducers = pgTable(
  'sb_uof_producers',
  {
    product: integer('product').primaryKey(),
    state: text('state', { enum: ['up', 'down', 'recovering'] })
      .notNull()
      .default('down'),
    lastAliveAt: timestamptz('last_alive_at'),
    lastAliveTs: int8('last_alive_ts'),
    /** The WAL timeline the last alive was recorded on: a failover's promotion starts a new one (migration 0070). */
    lastAliveTimeline: integer('last_alive_timeline'),
    recoveryRequestId: int8('recovery_request_id'),
    recoveryRequestedAt: timestamptz('recovery_requested_at'),
    downReason: text('down_reason'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('sb_uof_producers_state', sql`${t.state} IN ('up', 'down', 'recovering')`)],
);

/** The market catalogue: a UOF market id per sport, as one of the book's market types. */
export const sbMarketCatalogue = pgTable(
  'sb_market_catalogue',
  {
    sport: text('sport').notNull(),
    marketId: integer('market_id').notNull(),
    name: text('name').notNull(),
    bookType: text('book_type').notNull(),
    lineSpecifier: text('line_specifier'),
    lineStyle: text('line_style'),
    params: jsonb('params').notNull().default({}),
    outcomes: jsonb('outcomes').$type<{ id: string; key: string; name: string }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sport, t.marketId] })],
);
