import { sql } from 'drizzle-orm';
import { batcherPer, createBatcher, eachOk } from '../../db/batcher.ts';
import { type Db, preparedQuery } from '../../db/client.ts';
import { type LimitRow, limitRowsQuery } from './limits.ts';
import type { RawLeg } from './placement.service.ts';
import { type BookSettings, settingsOf } from './settings.ts';

/** What one slip is checked against: the book's settings, the limits that may apply, its legs as read. */
export interface SlipRead {
  settings: BookSettings;
  limitRows: LimitRow[];
  legs: RawLeg[];
}

interface SlipToRead {
  playerId: string;
  currency: string;
  selectionIds: number[];
}

/**
 * The slips of a batch, each with the limits that may apply to it and its legs (sb_read_legs, which
 * PostgreSQL inlines: called WITH ORDINALITY it could not, and planned it afresh on every call), and
 * the settings once, in one statement. The legs in sb_read_legs' order, which sb_take_bet compares.
 */
const READ = (slips: string) => sql`select
    (select coalesce(jsonb_agg(jsonb_build_object('key', key, 'value', value)), '[]') from sb_settings) as settings,
    (select jsonb_agg(jsonb_build_object(
       'limits', (select coalesce(jsonb_agg(x), '[]') from (${limitRowsQuery(sql`q.p`, sql`q.c`, sql`q.s`)}) x),
       'legs', (select coalesce(jsonb_agg(l.leg order by (l.leg ->> 'market_id')::int8, (l.leg ->> 'selection_id')::int8), '[]')
                from sb_read_legs(q.s, q.c) as l(leg))) order by q.n)
     from jsonb_to_recordset(${slips}::jsonb) as q(n int, p text, c text, s int8[])) as slips`;

/** Reads are independent: a second batch may go while one is in flight. */
const OPTIONS = { maxInFlight: 2, maxBatch: 32, retryAlone: true };

const batcherOf = batcherPer((db: Db) =>
  createBatcher(async (slips: SlipToRead[]) => {
    const json = JSON.stringify(
      slips.map((s, n) => ({ n, p: s.playerId, c: s.currency, s: s.selectionIds.map(String) })),
    );
    // A named prepared statement: planned once per connection, not on every batch.
    const [row] = await preparedQuery<{
      settings: { key: string; value: unknown }[];
      slips: { limits: LimitRow[]; legs: RawLeg[] }[];
    }>(db, 'sb_read_slips', READ(json));
    const settings = settingsOf(row!.settings);
    return eachOk(row!.slips.map((s): SlipRead => ({ settings, limitRows: s.limits, legs: s.legs })));
  }, OPTIONS),
);

/**
 * What a slip is checked against, read without a lock together with the slips read at the same time:
 * one statement and one round trip for the lot (the placements' reads were one each).
 */
export function readSlip(db: Db, slip: SlipToRead): Promise<SlipRead> {
  return batcherOf(db).submit(slip);
}
