import { sql } from 'drizzle-orm';
import type { ClockedScore } from '../../../shared/sports/match-clock.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { byParent, listedSelection, type MarketRow, type SelectionRow } from './sb-rows.ts';

export interface ListedSelection {
  id: number;
  key: string;
  name: string;
  price: string;
  open: boolean;
}
export interface ListedMarket {
  id: number;
  type: string;
  name: string;
  params: { line?: string };
  status: string;
  version: number;
  /** How a bet on it rounds its return (the slip computes its potential return the same way). */
  rounding: 'down' | 'nearest';
  selections: ListedSelection[];
}
export interface ListedEvent {
  id: number;
  /** The sport's code (`football`): the window names the sports it knows in the player's language. */
  sportCode: string;
  /** The sport's name as the book has it, for a sport the window has no name of its own for. */
  sport: string;
  competitionId: number;
  competition: string;
  name: string;
  home: string | null;
  away: string | null;
  startsAt: string;
  status: string;
  betStopAt: string | null;
  score: ({ home: number; away: number } & ClockedScore) | null;
  markets: ListedMarket[];
}

/** The book's highest event id (0 with none): one look at the primary key's end. */
export async function newestEventId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: string }>(db, sql`select coalesce(max(id), 0) as id from sb_events`);
  return Number(row?.id ?? 0);
}

/**
 * Events still taking bets or live (by the listing index), with their open or suspended markets.
 * Bounded: at most `limit` events, each with its markets.
 */
export async function listEvents(
  db: DbOrTx,
  opts: {
    limit?: number;
    offset?: number;
    eventId?: number;
    eventIds?: readonly number[];
    competitionId?: number;
    /** Only listed events with a higher id (those opened since a window's listing was read). */
    idAbove?: number;
  } = {},
): Promise<ListedEvent[]> {
  // One statement (one round trip: the sports windows' pushes read this many times a second under a
  // fast feed, bench/README.md): the events, their markets and their selections as three JSON arrays.
  const [read] = await queryRows<{
    events: {
      id: number;
      sport_code: string;
      sport: string;
      competition_id: number;
      competition: string;
      name: string;
      home: string | null;
      away: string | null;
      starts_at: string;
      status: string;
      bet_stop_at: string | null;
      score: ListedEvent['score'];
    }[];
    markets: (MarketRow & { rounding: 'down' | 'nearest' })[];
    selections: SelectionRow[];
  }>(
    db,
    sql`with ev as (
          select e.id, sp.code as sport_code, sp.name as sport, c.id as competition_id, c.name as competition, e.name,
                 e.home, e.away, e.starts_at, e.status, e.bet_stop_at, e.score
          from sb_events e join sb_competitions c on c.id = e.competition_id join sb_sports sp on sp.id = c.sport_id
          where ${
            opts.eventIds
              ? sql`e.id = any(${intArray([...opts.eventIds])}::int8[])`
              : opts.eventId
                ? sql`e.id = ${opts.eventId}`
                : opts.competitionId
                  ? sql`e.competition_id = ${opts.competitionId} and e.status in ('scheduled', 'live')`
                  : opts.idAbove !== undefined
                    ? sql`e.id > ${opts.idAbove} and e.status in ('scheduled', 'live')`
                    : sql`e.status in ('scheduled', 'live')`
          }
          order by e.status = 'live' desc, e.starts_at, e.id limit ${Math.min(opts.limit ?? 100, 200)}
          offset ${Math.min(Math.max(opts.offset ?? 0, 0), 1000)}),
        mk as (
          select id, event_id, type, name, params, status, version, rounding from sb_markets
          where event_id = any(array(select id from ev)) and status in ('open', 'suspended')),
        se as (
          select id, market_id, key, name, price_num, price_den, open, sort_order from sb_selections
          where market_id = any(array(select id from mk)))
        select
          (select coalesce(json_agg(ev order by ev.status = 'live' desc, ev.starts_at, ev.id), '[]') from ev) as events,
          (select coalesce(json_agg(mk order by mk.event_id, mk.id), '[]') from mk) as markets,
          (select coalesce(json_agg(se order by se.market_id, se.sort_order, se.id), '[]') from se) as selections`,
  );
  const events = read?.events ?? [];
  if (events.length === 0) return [];
  const markets = read!.markets;
  const selections = read!.selections;
  const selectionsOf = byParent(selections, (s) => s.market_id);
  const marketsOf = byParent(markets, (m) => m.event_id);
  const listedMarket = (m: (typeof markets)[number]): ListedMarket => ({
    id: Number(m.id),
    type: m.type,
    name: m.name,
    params: m.params,
    status: m.status,
    version: m.version,
    rounding: m.rounding,
    selections: (selectionsOf.get(Number(m.id)) ?? []).map(listedSelection),
  });
  return events.map((e) => ({
    id: Number(e.id),
    sportCode: e.sport_code,
    sport: e.sport,
    competitionId: Number(e.competition_id),
    competition: e.competition,
    name: e.name,
    home: e.home,
    away: e.away,
    startsAt: new Date(e.starts_at).toISOString(),
    status: e.status,
    betStopAt: e.bet_stop_at ? new Date(e.bet_stop_at).toISOString() : null,
    score: e.score,
    markets: (marketsOf.get(Number(e.id)) ?? []).map(listedMarket),
  }));
}
