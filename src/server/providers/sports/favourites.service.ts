import { sql } from 'drizzle-orm';
import { MAX_FAVOURITES } from '../../../shared/contract/sports-browse-api.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
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
 * Adds a favourite (a league or event the book has) or takes one off. Refused: a league or event the
 * book does not have, or more than MAX_FAVOURITES of a kind.
 */
export async function setFavourite(
  db: DbOrTx,
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
  // The cap and the insert in one statement; the primary key keeps a favourite once.
  const inserted = await queryRows<{ ref_id: number }>(
    db,
    sql`insert into sb_favourites (player_id, kind, ref_id)
        select ${playerId}, ${fav.kind}, ${fav.id}
        where (select count(*) from sb_favourites where player_id = ${playerId} and kind = ${fav.kind}) < ${MAX_FAVOURITES}
        on conflict do nothing returning ref_id`,
  );
  if (inserted.length > 0) return 'ok';
  const [already] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from sb_favourites where player_id = ${playerId} and kind = ${fav.kind} and ref_id = ${fav.id}`,
  );
  return already ? 'ok' : 'too_many';
}
