import { sql } from 'drizzle-orm';
import { batcherPer, createBatcher, eachOk } from '../../db/batcher.ts';
import { type Db, preparedQuery } from '../../db/client.ts';
import { type LimitRow, limitRowsQuery } from './limits.ts';
import type { RawLeg } from './placement.service.ts';
import { type BookSettings, settingsOf } from './settings.ts';

/** A game session's player as the wallet reads it (sql/wallet_session_players.sql). */
export interface SessionPlayerRead {
  playerId: string;
  balance: number;
  currency: string;
  /** The login the launch token came from is live: not revoked, not expired, used within its idle limit. */
  live: boolean;
}

/** What one slip is checked against: the book's settings, the limits that may apply, its legs as read. */
export interface SlipRead {
  settings: BookSettings;
  limitRows: LimitRow[];
  legs: RawLeg[];
  /** A slip read with its player's session: the player, undefined when the token is unknown. */
  player?: SessionPlayerRead;
}

/**
 * The wallet's game session a slip's player is read from, when the wallet is this database's: the
 * provider, the launch token's hash and the login's idle limit (as a stake in the book names them,
 * placement-batch.ts StakeInBook).
 */
export interface SessionToRead {
  p: string;
  t: string;
  i: number;
}

type SlipToRead = {
  selectionIds: number[];
} & ({ playerId: string; currency: string } | { session: SessionToRead });

/**
 * The slips of a batch, each with the limits that may apply to it and its legs (sb_read_legs, which
 * PostgreSQL inlines: called WITH ORDINALITY it could not, and planned it afresh on every call), and
 * the settings once, in one statement. The legs in sb_read_legs' order, which sb_take_batch compares.
 * A slip whose player is not known yet is read with the player: the wallet's own session check
 * (wallet_session_players, called as the stakes call wallet_batch), the limits and liability then in
 * that player's currency.
 */
const READ = (slips: string, sessions: string) => sql`with w as materialized (
      select * from wallet_session_players(${sessions}::jsonb))
    select
    (select coalesce(jsonb_agg(jsonb_build_object('key', key, 'value', value)), '[]') from sb_settings) as settings,
    (select jsonb_agg(jsonb_build_object(
       'player', case when w.n is not null then jsonb_build_object('playerId', w.member_id::text,
                   'balance', w.balance, 'currency', w.currency, 'live', w.live) end,
       'limits', (select coalesce(jsonb_agg(x), '[]') from (${limitRowsQuery(sql`who.p`, sql`who.c`, sql`q.s`)}) x),
       'legs', (select coalesce(jsonb_agg(l.leg order by (l.leg ->> 'market_id')::int8, (l.leg ->> 'selection_id')::int8), '[]')
                from sb_read_legs(q.s, who.c) as l(leg))) order by q.n)
     from jsonb_to_recordset(${slips}::jsonb) as q(n int, p text, c text, s int8[])
     left join w on w.n = q.n
     cross join lateral (select coalesce(q.p, w.member_id::text) as p, coalesce(q.c, w.currency) as c) who) as slips`;

/** Reads are independent: a second batch may go while one is in flight. */
const OPTIONS = { maxInFlight: 2, maxBatch: 32, retryAlone: true };

const batcherOf = batcherPer((db: Db) =>
  createBatcher(async (slips: SlipToRead[]) => {
    const json = JSON.stringify(
      slips.map((s, n) =>
        'session' in s
          ? { n, s: s.selectionIds.map(String) }
          : { n, p: s.playerId, c: s.currency, s: s.selectionIds.map(String) },
      ),
    );
    const sessions = JSON.stringify(
      slips.flatMap((s, n) =>
        'session' in s ? [{ n, t: s.session.t, p: s.session.p, i: s.session.i }] : [],
      ),
    );
    // A named prepared statement: planned once per connection, not on every batch.
    const [row] = await preparedQuery<{
      settings: { key: string; value: unknown }[];
      slips: { player: SessionPlayerRead | null; limits: LimitRow[]; legs: RawLeg[] }[];
    }>(db, 'sb_read_slips', READ(json, sessions));
    const settings = settingsOf(row!.settings);
    return eachOk(
      row!.slips.map(
        (s): SlipRead => ({
          settings,
          limitRows: s.limits,
          legs: s.legs,
          ...(s.player && { player: s.player }),
        }),
      ),
    );
  }, OPTIONS),
);

/**
 * What a slip is checked against, read without a lock together with the slips read at the same time:
 * one statement and one round trip for the lot (the placements' reads were one each). With a session
 * instead of a player, the player is read in the same statement (one round trip less a placement).
 */
export function readSlip(db: Db, slip: SlipToRead): Promise<SlipRead> {
  return batcherOf(db).submit(slip);
}
