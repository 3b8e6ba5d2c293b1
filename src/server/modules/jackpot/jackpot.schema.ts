import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, int8, updatedAtColumn } from '../../db/columns.ts';

/** The one row of jackpot settings: the pool's share of each jackpot-slot stake and its reseed. */
export const jackpotSettings = pgTable(
  'jackpot_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Basis points of each stake (100 = 1 %), fixed into a game session when it is opened. */
    contributionBps: integer('contribution_bps').notNull().default(100),
    /** Minor units the house puts back into the pool after a win; the pool never shows less. */
    reseed: int8('reseed').notNull().default(10_000_000),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('jackpot_settings_one_row', sql`${t.id} = 1`),
    check('jackpot_settings_bps', sql`${t.contributionBps} between 0 and 1000`),
    check('jackpot_settings_reseed', sql`${t.reseed} > 0`),
  ],
);

/**
 * One row per pool shard (the jackpot_pool house account of that shard): `units` is the sum of
 * stake × bps of the stakes that fed it, so the account has received floor(units / 10,000) exactly.
 * The row is the shard's lock: a contribution updates it first; a win locks all of them.
 */
export const jackpotShards = pgTable(
  'jackpot_shards',
  {
    shard: smallint('shard').primaryKey(),
    accountId: int8('account_id').notNull(),
    units: int8('units').notNull().default(0),
    staked: int8('staked').notNull().default(0),
  },
  (t) => [check('jackpot_shards_units', sql`${t.units} >= 0`)],
);

/** Every jackpot win, at most one per provider round. */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    memberId: int8('member_id').notNull(),
    gameCode: text('game_code').notNull(),
    amount: int8('amount').notNull(),
    reseed: int8('reseed').notNull(),
    /**
     * A number drawn from wallet_transactions' id sequence while the win held every pool shard's lock
     * (migration 0086): a jackpot bet recorded under a smaller id fed the pool this win paid out, one
     * at or above it a later pool (what wallet_rollback asks before taking a share back).
     */
    laterBetsFrom: int8('later_bets_from').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('jackpot_wins_round').on(t.provider, t.roundId),
    index('jackpot_wins_member').on(t.memberId, t.id),
  ],
);

/**
 * The jackpot's house accounts: the pool (64 shards, by member id like game_revenue) and the house's
 * expense for reseeds (shard 0 only). Not among the ledger's HOUSE_ACCOUNT_KINDS: only the wallet's
 * SQL functions move them, never a hashed-shard `transfer`.
 */
export const JACKPOT_POOL_KIND = 'jackpot_pool';
export const JACKPOT_SEED_KIND = 'jackpot_seed';
