import { sql } from 'drizzle-orm';
import type { Fraction } from '../../../shared/sports/fraction.ts';
import { type MarketParams, type MarketType, WINNER_TYPES } from '../../../shared/sports/markets.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { enterResult, type ResultAnswer } from './results.service.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { upsertCompetition, upsertEvent, upsertMarket, upsertSport } from './trading.service.ts';

/**
 * Manual trading, a feed of its own: events and markets a trader creates on the desk for a match no
 * feed covers. They go through the book's one path (trading.service.ts: the same line and selection
 * checks as the import and the UOF feed) and settle through results.service.ts like every result.
 * A problem the trader can fix is answered as a ManualProblem (a 4xx), never half-written.
 */
export class ManualProblem extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'notFound' | 'conflict' = 'invalid',
  ) {
    super(message);
  }
}

export interface ManualEventInput {
  sport: string;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  betStopAt?: Date;
  betDelaySeconds?: number;
}

/** A sport typed by name: an existing one of that name or code, else `manual:<name>`. */
async function sportId(tx: Tx, typed: string): Promise<number> {
  const [known] = await queryRows<{ id: number }>(
    tx,
    sql`select id from sb_sports where code = ${typed} or lower(name) = ${typed.toLowerCase()} order by id limit 1`,
  );
  if (known) return Number(known.id);
  return upsertSport(tx, `manual:${typed.toLowerCase().replace(/\s+/g, '-')}`, typed);
}

/** A league typed by name: the desk's own of that name in the sport, else a new one. */
async function competitionId(tx: Tx, sport: number, typed: string): Promise<number> {
  const [known] = await queryRows<{ id: number }>(
    tx,
    sql`select id from sb_competitions where sport_id = ${sport} and lower(name) = ${typed.toLowerCase()}
        order by (source = 'manual') desc, id limit 1`,
  );
  return known ? Number(known.id) : upsertCompetition(tx, sport, typed);
}

export async function createManualEvent(tx: Tx, e: ManualEventInput): Promise<number> {
  if (e.betStopAt && e.betStopAt > e.startsAt)
    throw new ManualProblem('the bet stop is after the start: no bet may be taken once a match has started');
  if (e.home.toLowerCase() === e.away.toLowerCase())
    throw new ManualProblem('the home and away sides are the same');
  const sport = await sportId(tx, e.sport);
  return upsertEvent(tx, {
    competitionId: await competitionId(tx, sport, e.competition),
    name: `${e.home} v ${e.away}`,
    home: e.home,
    away: e.away,
    startsAt: e.startsAt,
    betStopAt: e.betStopAt ?? null,
    betDelaySeconds: e.betDelaySeconds ?? null,
    source: 'manual',
  });
}

/** A manual event that still takes new markets, locked; a feed's events take their markets from the feed. */
async function openManualEvent(tx: Tx, eventId: number) {
  const [event] = await queryRows<{ source: string; status: string }>(
    tx,
    sql`select source, status from sb_events where id = ${eventId} for update`,
  );
  if (!event) throw new ManualProblem(`event ${eventId}`, 'notFound');
  if (event.source !== 'manual')
    throw new ManualProblem(`the markets of a ${event.source} event come from its feed`, 'conflict');
  if (event.status !== 'scheduled' && event.status !== 'live')
    throw new ManualProblem(`the event is ${event.status}: it takes no new market`, 'conflict');
}

export interface ManualMarketInput {
  type: MarketType;
  name: string;
  line?: string;
  team?: 'home' | 'away';
  period?: 'ft' | 'ht';
  selections: { key: string; name: string; price: string; format: 'decimal' | 'fractional' | 'american' }[];
}

export async function createManualMarket(tx: Tx, eventId: number, m: ManualMarketInput): Promise<number> {
  await openManualEvent(tx, eventId);
  const keys = new Set(m.selections.map((s) => s.key));
  if (keys.size !== m.selections.length) throw new ManualProblem('two selections have the same key');
  const selections = m.selections.map((s) => {
    const price: Fraction | undefined = parsePrice(s.price, s.format);
    if (!price) throw new ManualProblem(`"${s.price}" is not a ${s.format} price above evens`);
    return { key: s.key, name: s.name, price };
  });
  const params: MarketParams = {};
  if (m.line !== undefined) params.line = m.line;
  if (m.team) params.team = m.team;
  if (m.period) params.period = m.period;
  try {
    return await upsertMarket(tx, {
      eventId,
      type: m.type,
      name: m.name,
      params,
      source: 'manual',
      selections,
    });
  } catch (error) {
    // The book's own checks (market-lines.ts, the type's fixed selections): a market that could never settle.
    if (error instanceof RangeError) throw new ManualProblem(error.message);
    throw error;
  }
}

export interface EventScore {
  home: number;
  away: number;
  halfTime?: { home: number; away: number };
}

/**
 * An event's final score as the result of each of its markets still undecided, one by one through
 * results.service.ts (a second operator confirms where the site asks it). Markets decided by naming
 * winners, and half-time markets without the half's score, are left to the desk.
 */
export async function settleEventByScore(
  db: Db,
  wallet: SportsWallet,
  eventId: number,
  score: EventScore,
  operatorId: number,
) {
  const markets = await queryRows<{ id: number; type: string; params: MarketParams }>(
    db,
    sql`select id, type, params from sb_markets
        where event_id = ${eventId} and result_state = 'none' and status in ('open', 'suspended') order by id`,
  );
  const done: { id: number; state: string; settled: number }[] = [];
  const left: { id: number; reason: string }[] = [];
  for (const m of markets) {
    const id = Number(m.id);
    if (WINNER_TYPES.includes(m.type as MarketType)) {
      left.push({ id, reason: 'this market takes its winners' });
      continue;
    }
    const half = m.params?.period === 'ht';
    if (half && !score.halfTime) {
      left.push({ id, reason: 'a half-time market needs the half-time score' });
      continue;
    }
    const s = half && score.halfTime ? score.halfTime : score;
    const answer: ResultAnswer = await enterResult(
      db,
      wallet,
      id,
      { kind: 'score', home: s.home, away: s.away },
      { source: 'desk', operatorId },
    );
    if (answer.ok) done.push({ id, state: answer.state, settled: answer.settled });
    else left.push({ id, reason: answer.reason });
  }
  return { markets: done, left };
}

/** Whether the event exists. */
export async function eventExists(db: Db | Tx, eventId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from sb_events where id = ${eventId}`);
  return rows.length > 0;
}
