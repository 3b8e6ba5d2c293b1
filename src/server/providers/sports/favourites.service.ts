import { sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '../../../shared/contract/sports-browse-api.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { type ListedEvent, listEvents } from './listing.service.ts';

export type FavouriteKind = 'competition' | 'event';

/** The member's favourites: their leagues' ids, and their events still open (with markets, for the listing). */
export async function favouritesOf(
  db: DbOrTx,
  playerId: string,
): Promise<{ leagues: number[]; events: ListedEvent[] }> {
  const rows = await queryRows<{ kind: FavouriteKind; ref_id: number }>(
    db,
    sql`select kind, ref_id from sb_favourites where player_id = ${playerId} order by created_at, ref_id`,
  );
  const ids = (kind: FavouriteKind) => rows.filter((r) => r.kind === kind).map((r) => Number(r.ref_id));
  const eventIds = ids('event');
  const events = eventIds.length
    ? (await listEvents(db, { eventIds, limit: MAX_FAVOURITES })).filter(
        (e) => e.status === 'scheduled' || e.status === 'live',
      )
    : [];
  return { leagues: ids('competition'), events };
}

/**
 * What counts towards the cap of a kind: every league; for events only those the member still sees
 * (scheduled or live). Ended events are out of the listing, so the member could neither see nor remove
 * them, and counting them refused every new favourite (409) for good.
 */
const countedFavourites = (playerId: string, kind: FavouriteKind) =>
  kind === 'event'
    ? sql`(select count(*) from sb_favourites f join sb_events e on e.id = f.ref_id
          where f.player_id = ${playerId} and f.kind = 'event' and e.status in ('scheduled', 'live'))`
    : sql`(select count(*) from sb_favourites where player_id = ${playerId} and kind = ${kind})`;

/**
 * Adds a favourite (a league or event the book has) or takes one off. Refused: a league or event the
 * book does not have, or more than MAX_FAVOURITES of a kind. Adding takes turns per member (a lock on
 * the member's favourites): a count and an insert in one statement still let two concurrent requests
 * both see 99 and both insert. Favourites of events that are over for good (ended, cancelled) are
 * dropped on the way.
 */
export async function setFavourite(
  db: Db,
  playerId: string,
  fav: { kind: FavouriteKind; id: number; on: boolean },
): Promise<'ok' | 'not_found' | 'too_many'> {
  if (!fav.on) {
    await db.execute(
      sql`delete from sb_favourites where player_id = ${playerId} and kind = ${fav.kind} and ref_id = ${fav.id}`,
    );
    return 'ok';
  }
  const table = fav.kind === 'event' ? sql`sb_events` : sql`sb_competitions`;
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${table} where id = any(${intArray([fav.id])}::int8[])`,
  );
  if (!found) return 'not_found';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sb_favourites:${playerId}`}, 0))`);
    if (fav.kind === 'event') {
      await tx.execute(
        sql`delete from sb_favourites f using sb_events e where f.player_id = ${playerId} and f.kind = 'event'
            and e.id = f.ref_id and e.status in ('ended', 'cancelled')`,
      );
    }
    // The primary key keeps a favourite once.
    const inserted = await queryRows<{ ref_id: number }>(
      tx,
      sql`insert into sb_favourites (player_id, kind, ref_id)
          select ${playerId}, ${fav.kind}, ${fav.id}
          where ${countedFavourites(playerId, fav.kind)} < ${MAX_FAVOURITES}
          on conflict do nothing returning ref_id`,
    );
    if (inserted.length > 0) return 'ok';
    const [already] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from sb_favourites where player_id = ${playerId} and kind = ${fav.kind} and ref_id = ${fav.id}`,
    );
    return already ? 'ok' : 'too_many';
  });
}
