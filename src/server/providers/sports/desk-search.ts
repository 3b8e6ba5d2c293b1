import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** The desk's event search, as the admin API parsed it. */
export interface DeskSearch {
  status?: string;
  q?: string;
  sport?: string;
  competition?: number;
  from?: Date;
  to?: Date;
  page?: number;
  limit?: number;
}

export interface DeskEventRow {
  id: number;
  /** The sport's code (`football`): the desk names it in the trader's language. */
  sport_code: string;
  sport: string;
  competition: string;
  name: string;
  starts_at: Date;
  status: string;
  bet_stop_at: Date | null;
  score: unknown;
  source: string;
}

/** `like` pattern characters typed by a trader are matched as themselves. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a trader typed: every word must start the event's name or one of its teams ("che" finds
 * "Arsenal v Chelsea" by its away team). Each prefix has its lower-case `text_pattern_ops` index
 * (migration 0038), so the three combine as a bitmap OR; the state and date filters use the
 * (status, starts_at, id) and (starts_at, id) indexes, a league the (competition_id, starts_at) one.
 */
function textFilter(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  const each = words.map((word) => {
    const prefix = likePrefix(word);
    return sql`(lower(e.name) like ${prefix} or lower(e.home) like ${prefix} or lower(e.away) like ${prefix})`;
  });
  return sql.join(each, sql` and `);
}

/** The desk's order of states: in play, then upcoming (both by start), then the rest latest first. */
const DEFAULT_STATES = ['live', 'scheduled', 'ended'];
const byStartAscending = (status: string) => status === 'live' || status === 'scheduled';

/**
 * One page of the desk's events (without a state: in play, upcoming and ended): in play, then upcoming
 * by start, then the rest latest first, 30 unless asked for up to 100, and whether another page follows.
 * Each state is read on its own, in its order and only as far as the page needs (the (status, starts_at,
 * id) index read forwards or backwards, or the text indexes and a sort of what they found), then the states
 * are put one after the other: the default view never sorts every event the book ever had.
 */
export async function searchDeskEvents(
  db: DbOrTx,
  s: DeskSearch,
): Promise<{ rows: DeskEventRow[]; hasMore: boolean }> {
  const limit = pageSize(s);
  const rows = await queryRows<DeskEventRow>(db, deskEventsSql(s));
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

const pageSize = (s: DeskSearch) => Math.min(s.limit ?? 30, 100);

/** The search's query (one row more than the page, to tell whether another follows); its plan is tested. */
export function deskEventsSql(s: DeskSearch): SQL {
  const limit = pageSize(s);
  const offset = ((s.page ?? 1) - 1) * limit;
  const where: SQL[] = [];
  if (s.q) where.push(textFilter(s.q));
  if (s.sport) where.push(sql`sp.code = ${s.sport}`);
  if (s.competition) where.push(sql`e.competition_id = ${s.competition}`);
  if (s.from) where.push(sql`e.starts_at >= ${s.from}`);
  if (s.to) where.push(sql`e.starts_at < ${s.to}`);
  const states = s.status ? [s.status] : DEFAULT_STATES;
  const parts = states.map((status, rank) => {
    const ascending = byStartAscending(status);
    const filters = sql.join([sql`e.status = ${status}`, ...where], sql` and `);
    return sql`(select e.id, sp.code as sport_code, sp.name as sport, c.name as competition, e.name, e.starts_at, e.status, e.bet_stop_at,
                       e.score, e.source, ${rank}::int as rank, ${ascending}::boolean as ascending
                from sb_events e join sb_competitions c on c.id = e.competition_id join sb_sports sp on sp.id = c.sport_id
                where ${filters}
                order by e.starts_at ${ascending ? sql`asc` : sql`desc`}, e.id ${ascending ? sql`asc` : sql`desc`}
                limit ${offset + limit + 1})`;
  });
  return sql`select x.id, x.sport_code, x.sport, x.competition, x.name, x.starts_at, x.status, x.bet_stop_at, x.score, x.source
      from (${sql.join(parts, sql` union all `)}) x
      order by x.rank, case when x.ascending then x.starts_at end asc, case when not x.ascending then x.starts_at end desc,
        case when x.ascending then x.id end asc, case when not x.ascending then x.id end desc
      limit ${limit + 1} offset ${offset}`;
}

/** The sports and leagues the search can filter by (those with events). */
export async function deskFilters(db: DbOrTx) {
  const [sports, competitions] = await Promise.all([
    queryRows<{ code: string; name: string }>(db, sql`select code, name from sb_sports order by name, code`),
    queryRows<{ id: number; sport: string; name: string }>(
      db,
      sql`select c.id, sp.code as sport, c.name from sb_competitions c join sb_sports sp on sp.id = c.sport_id
          where exists (select 1 from sb_events e where e.competition_id = c.id) order by c.name, c.id limit 500`,
    ),
  ]);
  return {
    sports,
    competitions: competitions.map((c) => ({ id: Number(c.id), sport: c.sport, name: c.name })),
  };
}

/**
 * The events a trader means by what they typed in the bet search: an event id, a team's or the
 * event's name (or its start), or words each starting one (as the event search reads them); the
 * latest 200.
 */
export async function eventIdsMatching(db: DbOrTx, typed: string): Promise<number[]> {
  const text = typed.trim();
  const byId = /^\d{1,15}$/.test(text) ? sql`e.id = ${Number(text)} or ` : sql``;
  // The whole text starting a team's or the event's name ("Real Ma"), or each word starting one.
  const phrase = likePrefix(text);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select e.id from sb_events e
        where ${byId}lower(e.name) like ${phrase} or lower(e.home) like ${phrase} or lower(e.away) like ${phrase}
          or (${textFilter(text)})
        order by e.starts_at desc, e.id desc limit 200`,
  );
  return rows.map((r) => Number(r.id));
}
