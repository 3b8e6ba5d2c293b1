import { type SQL, sql } from 'drizzle-orm';
import type { League } from '../../../shared/contract/sports-browse-api.ts';
import { cachedRead } from '../../db/cached-read.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { type ListedEvent, listEvents } from './listing.service.ts';

export type { League };

/**
 * The navigation: every league with open events, by sport, with its counts. It reads the open events
 * only (the listing index on status), never the book's history.
 */
export async function leagues(db: DbOrTx, ids?: number[]): Promise<League[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    country: string | null;
    sport_code: string;
    sport: string;
    events: number;
    live: number;
  }>(
    db,
    sql`select c.id, c.name, c.country, sp.code as sport_code, sp.name as sport, count(*)::int as events,
               (count(*) filter (where e.status = 'live'))::int as live
        from sb_events e join sb_competitions c on c.id = e.competition_id join sb_sports sp on sp.id = c.sport_id
        where e.status in ('scheduled', 'live') ${ids ? sql`and c.id = any(${intArray(ids)}::int8[])` : sql``}
        group by c.id, c.name, c.country, c.sort_order, sp.code, sp.name, sp.sort_order
        order by sp.sort_order, sp.name, c.country nulls last, c.sort_order, c.name, c.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    country: r.country,
    sportCode: r.sport_code,
    sport: r.sport,
    events: Number(r.events),
    live: Number(r.live),
  }));
}

/**
 * The search's words as a prefix query: each word (letters and digits only) must start a word of the
 * team or league names; "man utd" is `'man':* & 'utd':*`. Empty when the text has no word.
 */
export function prefixQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 6)
    .map((w) => `'${w}':*`)
    .join(' & ');
}

/**
 * The search's two index reads, as the planner must see them to use the GIN indexes of migration 0039
 * (the expressions written exactly as indexed; the events' with the partial index's predicate).
 */
export const leaguesMatching = (words: SQL) =>
  sql`select id from sb_competitions where to_tsvector('simple'::regconfig, name) @@ ${words}`;
export const openEventsMatching = (words: SQL) =>
  sql`select e.id, e.starts_at from sb_events e
      where e.status in ('scheduled', 'live')
        and to_tsvector('simple'::regconfig, coalesce(e.home, '') || ' ' || coalesce(e.away, '') || ' ' || e.name) @@ ${words}`;

export interface SearchPage {
  events: ListedEvent[];
  leagues: League[];
  next: { at: string; id: number } | null;
}

/**
 * Open events whose teams or league match every word, in start order a page at a time (keyset on
 * (starts_at, id)), and the leagues that match. Both read GIN indexes over the open events' and the
 * leagues' words (migration 0039), so the work follows the matches, not the table.
 */
export async function searchEvents(
  db: DbOrTx,
  q: string,
  opts: { after?: { at: string; id: number }; limit?: number } = {},
): Promise<SearchPage> {
  const query = prefixQuery(q);
  if (!query) return { events: [], leagues: [], next: null };
  const limit = opts.limit ?? 20;
  const words = sql`to_tsquery('simple', ${query})`;
  const matchedLeagues = await queryRows<{ id: number }>(
    db,
    sql`${leaguesMatching(words)} order by id limit 50`,
  );
  const leagueIds = matchedLeagues.map((l) => Number(l.id));
  const after = opts.after
    ? sql`and (e.starts_at, e.id) > (${new Date(opts.after.at)}, ${opts.after.id})`
    : sql``;
  const hits = await queryRows<{ id: number; starts_at: Date }>(
    db,
    sql`select id, starts_at from (
          (${openEventsMatching(words)} ${after}
           order by e.starts_at, e.id limit ${limit + 1})
          union
          (select e.id, e.starts_at from sb_events e
           where e.competition_id = any(${intArray(leagueIds)}::int8[]) and e.status in ('scheduled', 'live') ${after}
           order by e.starts_at, e.id limit ${limit + 1})
        ) hits order by starts_at, id limit ${limit + 1}`,
  );
  const page = hits.slice(0, limit);
  const listed = page.length ? await listEvents(db, { eventIds: page.map((h) => Number(h.id)), limit }) : [];
  // listEvents puts live events first; a page keeps the keyset's order so the next page follows it.
  const order = new Map(page.map((h, i) => [Number(h.id), i]));
  listed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const last = page.at(-1);
  return {
    events: listed,
    leagues: leagueIds.length ? await leagues(db, leagueIds) : [],
    next:
      hits.length > limit && last
        ? { at: new Date(last.starts_at).toISOString(), id: Number(last.id) }
        : null,
  };
}

/** The most a caller may ask for; the count is read once for that many and cut per call. */
const POPULAR_MOST = 20;
/** How long the count is shared: a member's request never counts the bets of every open event. */
const POPULAR_TTL_MS = 2_000;

const popularCounts = cachedRead(POPULAR_TTL_MS, (db) =>
  queryRows<{ id: number; bets: number }>(
    db,
    sql`select e.id, counted.bets from sb_events e
        cross join lateral (
          select count(distinct l.bet_id)::int as bets from sb_bet_legs l join sb_bets b on b.id = l.bet_id
          where l.event_id = e.id and b.status not in ('refused', 'delayed', 'pending')
        ) counted
        where e.status in ('scheduled', 'live') and counted.bets > 0
          and exists (select 1 from sb_markets m where m.event_id = e.id and m.status in ('open', 'suspended'))
        order by counted.bets desc, e.starts_at, e.id limit ${POPULAR_MOST}`,
  ),
);

/** Forgets the shared count (tests that bet and then look). */
export const forgetPopularEvents = () => popularCounts.forget();

/**
 * The popular matches: the open events with the most accepted bets (each bet once per event; refused,
 * unconfirmed and unplaced bets left out), most first. Counted per open event on the (event, bet) index
 * of the legs, so the work follows the open events, not the book's history. A match with no market
 * listed (all settled or closed) is left out: its card could only say there is nothing to bet on. The
 * count leaves such matches out; the listing read after it drops one that lost its last market since.
 */
export async function popularEvents(
  db: DbOrTx,
  limit = 6,
): Promise<{ events: ListedEvent[]; bets: Record<string, number> }> {
  const rows = (await popularCounts(db)).slice(0, Math.min(Math.max(limit, 1), POPULAR_MOST));
  if (rows.length === 0) return { events: [], bets: {} };
  const read = await listEvents(db, { eventIds: rows.map((r) => Number(r.id)), limit: rows.length });
  const listed = read.filter((e) => e.markets.length > 0);
  const order = new Map(rows.map((r, i) => [Number(r.id), i]));
  listed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const shown = new Set(listed.map((e) => e.id));
  return {
    events: listed,
    bets: Object.fromEntries(
      rows.filter((r) => shown.has(Number(r.id))).map((r) => [String(r.id), Number(r.bets)]),
    ),
  };
}
