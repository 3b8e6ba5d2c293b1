import { and, eq, sql } from 'drizzle-orm';
import { batcherPer, createBatcher, eachOk } from '../../../db/batcher.ts';
import { type Db, preparedQuery } from '../../../db/client.ts';
import { gameSessions } from '../games.schema.ts';

/** A game session's member, their cash balance and currency, and whether the login it came from is live. */
export interface SessionPlayer {
  member_id: number;
  balance: number;
  currency: string;
  live: boolean;
}

interface Lookup {
  tokenHash: string;
  provider: string;
  idleMs: number;
}

/** The sessions of a batch in one statement (sql/wallet_session_players.sql): n is each look-up's place. */
const READ = (lookups: string) => sql`select * from wallet_session_players(${lookups}::jsonb)`;

/** Reads are independent: a second batch may go while one is in flight. */
const OPTIONS = { maxInFlight: 2, maxBatch: 64, retryAlone: true };

const batcherOf = batcherPer((db: Db) =>
  createBatcher(async (lookups: Lookup[]) => {
    const json = JSON.stringify(lookups.map((l, n) => ({ n, t: l.tokenHash, p: l.provider, i: l.idleMs })));
    // A named prepared statement: planned once per connection, not on every batch.
    const rows = await preparedQuery<SessionPlayer & { n: number }>(db, 'wallet_players', READ(json));
    const byPlace = new Map(rows.map((r) => [r.n, r]));
    return eachOk(lookups.map((_, n) => byPlace.get(n)));
  }, OPTIONS),
);

/**
 * A game session's player, looked up with the others asked at the same time: every sports placement
 * and game window call asks it, one round trip each before (issue 34).
 */
export function sessionPlayer(db: Db, lookup: Lookup): Promise<SessionPlayer | undefined> {
  return batcherOf(db).submit(lookup);
}

/**
 * The game a launch token was opened for (the authenticate answer's `gameCode`): the wallet records every
 * round of the token under it, so a provider serving several games through one window API must play
 * only that one with it.
 */
export async function sessionGameCode(
  db: Db,
  provider: string,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ gameCode: gameSessions.gameCode })
    .from(gameSessions)
    .where(and(eq(gameSessions.tokenHash, tokenHash), eq(gameSessions.provider, provider)));
  return row?.gameCode;
}
