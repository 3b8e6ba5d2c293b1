import { sql } from 'drizzle-orm';
import type { Fraction } from '../../../shared/sports/fraction.ts';
import { type MarketParams, type MarketType, SELECTION_KEYS } from '../../../shared/sports/markets.ts';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { alertOnBetStop } from './alerts/alerts.service.ts';
import { sportsClock } from './clock.ts';
import { lockMarketSelections } from './liability.ts';
import { lineProblem } from './market-lines.ts';
import { historyOf, type PriceSource } from './price-history.ts';
import type { EventStatus } from './sports.schema.ts';

/**
 * The trading desk's writes on the sport tree: every feed (manual, JSON-lines import, demo) goes
 * through these. A price or status change bumps the market's version, so bets taken against the
 * old one can tell.
 */
type Source = { source?: string; externalId?: string | null };

export async function upsertSport(db: DbOrTx, code: string, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into sb_sports (code, name) values (${code}, ${name})
        on conflict (code) do update set name = excluded.name returning id`,
  );
  return row!.id;
}

export async function upsertCompetition(
  db: DbOrTx,
  sportId: number,
  name: string,
  s: Source & { country?: string } = {},
): Promise<number> {
  const country = s.country ?? null;
  if (s.externalId) {
    // A feed that names no country keeps the one it named before.
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into sb_competitions (sport_id, name, source, external_id, country)
          values (${sportId}, ${name}, ${s.source ?? 'manual'}, ${s.externalId}, ${country})
          on conflict (source, external_id) do update set name = excluded.name, sport_id = excluded.sport_id,
            country = coalesce(excluded.country, sb_competitions.country) returning id`,
    );
    return row!.id;
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into sb_competitions (sport_id, name, source, country) values (${sportId}, ${name}, ${s.source ?? 'manual'}, ${country}) returning id`,
  );
  return row!.id;
}

export interface EventInput extends Source {
  competitionId: number;
  name: string;
  home?: string | null;
  away?: string | null;
  startsAt: Date;
  betStopAt?: Date | null;
  betDelaySeconds?: number | null;
}

/**
 * Adds an event, or updates a feed's event by its external id. A bet stop or a live delay the input
 * does not give is kept, not cleared: a trader sets them on a feed's match, and the feed's next
 * fixture (a `fixture_change`) says nothing of them.
 */
export async function upsertEvent(db: DbOrTx, e: EventInput): Promise<number> {
  const values = sql`${e.competitionId}, ${e.name}, ${e.home ?? null}, ${e.away ?? null}, ${e.startsAt}, ${e.betStopAt ?? null},
    ${e.betDelaySeconds ?? null}, ${e.source ?? 'manual'}, ${e.externalId ?? null}`;
  const given = (column: string, value: unknown) =>
    value === undefined ? sql.raw(`sb_events.${column}`) : sql.raw(`excluded.${column}`);
  const [row] = await queryRows<{ id: number }>(
    db,
    e.externalId
      ? sql`insert into sb_events (competition_id, name, home, away, starts_at, bet_stop_at, bet_delay_seconds, source, external_id)
            values (${values}) on conflict (source, external_id) do update set competition_id = excluded.competition_id,
            name = excluded.name, home = excluded.home, away = excluded.away, starts_at = excluded.starts_at,
            bet_stop_at = ${given('bet_stop_at', e.betStopAt)},
            bet_delay_seconds = ${given('bet_delay_seconds', e.betDelaySeconds)}, updated_at = now() returning id`
      : sql`insert into sb_events (competition_id, name, home, away, starts_at, bet_stop_at, bet_delay_seconds, source, external_id)
            values (${values}) returning id`,
  );
  return row!.id;
}

/** The score's clock fields: a clock moving is not a goal. */
const CLOCK_KEYS = '{clock,clockAt,stopped,halftime}';

export async function setEventState(
  db: DbOrTx,
  eventId: number,
  change: {
    status?: EventStatus;
    betStopAt?: Date | null;
    score?: { home: number; away: number; clock?: string; stopped?: boolean; halftime?: boolean };
  },
): Promise<boolean> {
  const now = sportsClock.now();
  const score = change.score ? JSON.stringify(change.score) : null;
  // The match clock's stamp (src/shared/sports/match-clock.ts): when this match time was received, so the
  // window runs the clock on from it. The same time sent again keeps its first stamp (a repeat must not
  // set the clock back).
  const stamped = sql`case when ${score}::jsonb ->> 'clock' is null then ${score}::jsonb - 'clockAt'
      when score ->> 'clock' is not distinct from ${score}::jsonb ->> 'clock'
        and (score -> 'stopped') is not distinct from (${score}::jsonb -> 'stopped') and score ? 'clockAt'
      then ${score}::jsonb || jsonb_build_object('clockAt', score -> 'clockAt')
      else ${score}::jsonb || jsonb_build_object('clockAt', ${now.toISOString()}::text) end`;
  // A goal (the score itself, not the clock) is a moment no bet placed before it may be accepted after.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_events set
          status = coalesce(${change.status ?? null}::text, status),
          bet_stop_at = case when ${change.betStopAt !== undefined} then ${change.betStopAt ?? null}::timestamptz else bet_stop_at end,
          score = case when ${score}::jsonb is null then score else ${stamped} end,
          score_changed_at = case when ${score}::jsonb is not null
              and (score is null or (score - ${CLOCK_KEYS}::text[]) is distinct from (${score}::jsonb - ${CLOCK_KEYS}::text[]))
            then ${now}::timestamptz else score_changed_at end,
          postponed_at = case when ${change.status ?? null}::text = 'postponed' and status <> 'postponed' then ${now}::timestamptz
            when ${change.status ?? null}::text is not null and ${change.status ?? null}::text <> 'postponed' then null
            else postponed_at end,
          updated_at = now()
        where id = ${eventId} returning id`,
  );
  return rows.length > 0;
}

export interface MarketInput extends Source {
  eventId: number;
  type: MarketType;
  name: string;
  params?: MarketParams;
  rounding?: 'down' | 'nearest';
  selections: { key: string; name: string; price: Fraction }[];
}

/** A market with its selections; on a known (source, external id) its prices are updated instead. */
export async function upsertMarket(db: DbOrTx, m: MarketInput): Promise<number> {
  const badLine = lineProblem(m.type, m.params ?? {});
  if (badLine) throw new RangeError(badLine);
  const fixed = SELECTION_KEYS[m.type];
  if (fixed && (m.selections.length !== fixed.length || m.selections.some((s) => !fixed.includes(s.key))))
    throw new RangeError(`a ${m.type} market has the selections ${fixed.join(', ')}`);
  const [row] = await queryRows<{ id: number }>(
    db,
    m.externalId
      ? sql`insert into sb_markets (event_id, type, name, params, rounding, source, external_id)
            values (${m.eventId}, ${m.type}, ${m.name}, ${JSON.stringify(m.params ?? {})}::jsonb, ${m.rounding ?? 'down'},
              ${m.source ?? 'manual'}, ${m.externalId}) on conflict (source, external_id) do update set name = excluded.name returning id`
      : sql`insert into sb_markets (event_id, type, name, params, rounding, source)
            values (${m.eventId}, ${m.type}, ${m.name}, ${JSON.stringify(m.params ?? {})}::jsonb, ${m.rounding ?? 'down'},
              ${m.source ?? 'manual'}) returning id`,
  );
  let order = 0;
  for (const s of m.selections) {
    await db.execute(
      sql`insert into sb_selections (market_id, key, name, price_num, price_den, sort_order)
          values (${row!.id}, ${s.key}, ${s.name}, ${s.price.num.toString()}::int8, ${s.price.den.toString()}::int8, ${order++})
          on conflict (market_id, key) do update set name = excluded.name`,
    );
  }
  return row!.id;
}

/**
 * New prices for some selections of a market: one version step for the whole change, none when no
 * price moved (a feed repeating its prices changes nothing a bet could tell). In the caller's
 * transaction: the prices and their version step commit together (a window read between two commits
 * saw the new price at the old version).
 */
export async function setPrices(
  db: Tx,
  marketId: number,
  prices: { key: string; price: Fraction }[],
  /** Where the move came from, for the price history (tests' direct calls are the desk's). */
  source: PriceSource = 'desk',
): Promise<boolean> {
  const rows = JSON.stringify(
    prices.map((p) => ({ key: p.key, num: Number(p.price.num), den: Number(p.price.den) })),
  );
  const [m] = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_markets where id = ${marketId} and status in ('open', 'suspended') for update`,
  );
  if (!m) return false;
  await lockMarketSelections(db, marketId);
  // Each change is kept in the price history in the same statement.
  const moved = await queryRows<{ id: number }>(
    db,
    sql`with moved as (
          update sb_selections s set price_num = x.num, price_den = x.den
          from jsonb_to_recordset(${rows}::jsonb) as x(key text, num int8, den int8)
          where s.market_id = ${marketId} and s.key = x.key and (s.price_num, s.price_den) is distinct from (x.num, x.den)
          returning s.id, s.price_num, s.price_den),
        kept as (${historyOf('moved', source)})
        select id from moved`,
  );
  if (moved.length > 0)
    await db.execute(sql`update sb_markets set version = version + 1 where id = ${marketId}`);
  return true;
}

/** Suspend or reopen a market (or every open market of an event). */
export async function setMarketOpen(
  db: DbOrTx,
  target: { marketId?: number; eventId?: number },
  open: boolean,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_markets set status = ${open ? 'open' : 'suspended'}, version = version + 1,
          suspended_at = case when ${open} then suspended_at else ${sportsClock.now()}::timestamptz end
        where ${target.marketId ? sql`id = ${target.marketId}` : sql`event_id = ${target.eventId ?? 0}`}
          and status = ${open ? 'suspended' : 'open'} returning id`,
  );
  // A stop (the feed's bet_stop or the desk's): flag the bets taken in the seconds before it.
  if (!open && rows.length > 0)
    await alertOnBetStop(
      db,
      rows.map((r) => Number(r.id)),
      sportsClock.now(),
    );
  return rows.length;
}
