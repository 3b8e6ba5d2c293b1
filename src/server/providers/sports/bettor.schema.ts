import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, int8, timestamptz, updatedAtColumn } from '../../db/columns.ts';

/**
 * Cash-out offers (migration 0020): priced by the server from current prices, short-lived, taken at
 * most once (cashout.service.ts).
 */
export const sbCashoutOffers = pgTable(
  'sb_cashout_offers',
  {
    id: text('id').primaryKey(),
    betId: int8('bet_id').notNull(),
    playerId: text('player_id').notNull(),
    /** The bet's stake when offered: a partial cash-out since makes the offer stale. */
    stake: int8('stake').notNull(),
    /** The whole stake's cash-out value offered. */
    amount: int8('amount').notNull(),
    proof: jsonb('proof').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** A bet with a leg in play: when the offer was first accepted, which starts its delay (migration 0058). */
    requestedAt: timestamptz('requested_at'),
  },
  (t) => [index('sb_cashout_offers_bet').on(t.betId)],
);

/** Each member's own odds format in the sports window (migration 0021); without one, the site's default. */
export const sbPlayerPrefs = pgTable(
  'sb_player_prefs',
  {
    playerId: text('player_id').primaryKey(),
    oddsFormat: text('odds_format').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      'sb_player_prefs_odds_format',
      sql`${t.oddsFormat} in ('decimal', 'fractional', 'american', 'hongkong', 'malay', 'indonesian')`,
    ),
  ],
);

/** Each member's favourite leagues and events in the sports window, shown first (migration 0039). */
export const sbFavourites = pgTable(
  'sb_favourites',
  {
    playerId: text('player_id').notNull(),
    kind: text('kind').notNull(),
    refId: int8('ref_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind, t.refId] }),
    check('sb_favourites_kind', sql`${t.kind} in ('competition', 'event')`),
  ],
);
