import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { ROUND_STATUSES, VENDOR_CATEGORIES, type VendorCategory } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';

export { VENDOR_CATEGORIES, type VendorCategory };

/** A game vendor (a "company" in the product's words) shown as a tile on the home page. */
export const gameVendors = pgTable(
  'game_vendors',
  {
    id: idColumn(),
    code: text('code').notNull(),
    category: text('category', { enum: VENDOR_CATEGORIES }).notNull(),
    /** Which provider adapter launches its games ('house' is the built-in provider). */
    provider: text('provider').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    /** 'y' means enabled, as the product spells it. */
    used: text('used').notNull().default('y'),
    maintenance: boolean('maintenance').notNull().default(false),
    imgUrl: text('img_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('game_vendors_code').on(t.code),
    check('game_vendors_category', sql`${t.category} in ('casino', 'slot', 'sport')`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: idColumn(),
    vendorId: int8('vendor_id')
      .notNull()
      .references(() => gameVendors.id),
    code: text('code').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    imgUrl: text('img_url').notNull(),
    used: text('used').notNull().default('y'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Whether the game feeds and can win the progressive jackpot. */
    jackpot: boolean('jackpot').notNull().default(false),
    /** When the game came out: the lobby's "new" rail. */
    releasedOn: date('released_on', { mode: 'string' }).notNull().default(sql`CURRENT_DATE`),
  },
  (t) => [uniqueIndex('games_vendor_code').on(t.vendorId, t.code)],
);

/** A launched game: the token the provider got, tied to the member's login session. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    provider: text('provider').notNull(),
    memberId: int8('member_id').notNull(),
    /** The login session it was launched from: bets stop when that session ends. */
    sessionId: int8('session_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    category: text('category').notNull(),
    /** The jackpot's share of each stake (basis points) when the game was opened; 0 for no jackpot. */
    jackpotBps: integer('jackpot_bps').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('game_sessions_token').on(t.tokenHash)],
);

/** A provider's round: opened by its first bet, closed by the win that settles it. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    memberId: int8('member_id').notNull(),
    gameSessionId: int8('game_session_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    category: text('category').notNull(),
    status: text('status', { enum: ROUND_STATUSES }).notNull().default('open'),
    totalBet: int8('total_bet').notNull().default(0),
    totalWin: int8('total_win').notNull().default(0),
    hasWin: boolean('has_win').notNull().default(false),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    /**
     * The stake the round's comp accrued on: total_bet at its first close, less the bets placed before
     * that close and rolled back since (migration 0066; NULL for rounds closed before it).
     */
    compStake: int8('comp_stake'),
  },
  (t) => [
    uniqueIndex('game_rounds_provider_round').on(t.provider, t.roundId),
    index('game_rounds_member').on(t.memberId, t.id),
    // A member's rounds by when they opened: the cashback's net loss of a period (migration 0046).
    index('game_rounds_member_opened').on(t.memberId, t.openedAt),
    // A member's sports rounds: VIP progress leaves out those open or voided (migration 0081).
    index('game_rounds_member_sport').on(t.memberId).where(sql`category = 'sport'`),
  ],
);

/**
 * The rounds still waiting for their win, for the back office. A table of its own rather than a
 * partial index on game_rounds.status: such an index made every round's closing update rewrite
 * all of game_rounds' indexes, where now it can stay a heap-only update.
 */
export const openGameRounds = pgTable('open_game_rounds', {
  gameRoundId: int8('game_round_id').primaryKey(),
});

/**
 * Every wallet call a provider made, once per (provider, transaction id), with the reply it got:
 * an exact repeat gets the same reply. A 'void' row marks a bet rolled back before it arrived.
 * (provider, tx_id) is the key (migration 0053): `id` only numbers the rows in the order written, with
 * no index of its own (one index entry per wallet operation, not two).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    txId: text('tx_id').notNull(),
    kind: text('kind', {
      enum: ['bet', 'win', 'rollback', 'void', 'jackpot', 'unsettle', 'resettle'],
    }).notNull(),
    roundId: text('round_id'),
    refTxId: text('ref_tx_id'),
    memberId: int8('member_id'),
    amount: int8('amount').notNull().default(0),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    rolledBack: boolean('rolled_back').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ name: 'wallet_transactions_pkey', columns: [t.provider, t.txId] })],
);

/**
 * Plays per game and day, the lobby's "popular" rail (migration 0037): kept by the trigger
 * sql/count_game_plays.sql as rounds open, one row per member bucket (house_shard) so that concurrent
 * batches rarely share a row. The rail sums the last days' rows instead of counting rounds.
 */
export const gamePlaysDaily = pgTable(
  'game_plays_daily',
  {
    day: date('day').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    bucket: smallint('bucket').notNull(),
    plays: int8('plays').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'game_plays_daily_pk', columns: [t.day, t.vendorCode, t.gameCode, t.bucket] })],
);
