import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENGINES } from '../../../shared/games/house-games.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';

/**
 * The built-in provider's own records, apart from the platform's: it knows players only by the id
 * the wallet gave it, as an outside provider would.
 */
export const houseSeeds = pgTable(
  'house_seeds',
  {
    id: idColumn(),
    playerId: text('player_id').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The next round's nonce. */
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAtColumn(),
    revealedAt: timestamptz('revealed_at'),
  },
  (t) => [uniqueIndex('house_seeds_one_active').on(t.playerId).where(sql`${t.active}`)],
);

export const houseRounds = pgTable(
  'house_rounds',
  {
    id: idColumn(),
    playerId: text('player_id').notNull(),
    gameCode: text('game_code').notNull(),
    engine: text('engine', { enum: ENGINES }).notNull(),
    stake: int8('stake').notNull(),
    payout: int8('payout').notNull().default(0),
    /** What the player bet on (baccarat sides, slot line bet). */
    bet: jsonb('bet').notNull(),
    outcome: jsonb('outcome').notNull(),
    seedId: int8('seed_id').notNull(),
    nonce: integer('nonce').notNull(),
    /** The round's jackpot draw, threshold, hit and award (slots only). */
    jackpot: jsonb('jackpot'),
    /**
     * pending until the wallet took the bet and the win; refused when the wallet refused the bet;
     * open while a blackjack round waits for the player's moves (or a wallet call to be resent).
     */
    status: text('status', { enum: ['pending', 'settled', 'refused', 'open'] })
      .notNull()
      .default('pending'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('house_rounds_player').on(t.playerId, t.id),
    // One unfinished blackjack round per player and game: the one a reopened window resumes.
    uniqueIndex('house_rounds_open').on(t.playerId, t.gameCode).where(sql`${t.status} = 'open'`),
  ],
);
