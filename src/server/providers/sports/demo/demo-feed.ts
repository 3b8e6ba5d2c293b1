import { sql } from 'drizzle-orm';
import type { Fraction } from '../../../../shared/sports/fraction.ts';
import type { MarketType } from '../../../../shared/sports/markets.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { intArray, textArray } from '../../../db/sql-array.ts';
import { enterResult } from '../results.service.ts';
import type { SportsWallet } from '../sports-wallet.ts';
import {
  setEventState,
  setPrices,
  upsertCompetition,
  upsertEvent,
  upsertMarket,
  upsertSport,
} from '../trading.service.ts';
import { DEMO_SOURCE, type DemoMatch, demoMatch, demoSlots, demoState } from './demo-fixtures.ts';
import { type DemoQuotes, demoQuotes } from './demo-prices.ts';

/**
 * The demo feed (demo data only, started by main.ts): keeps a few dozen made-up matches over the
 * coming days, moves their prices, plays them live with scores, and posts their results so demo
 * bets settle through the wallet like any bet. Each tick is idempotent (source 'demo', external
 * ids from the schedule), so several processes may run it.
 */
export interface DemoTick {
  created: number;
  started: number;
  repriced: number;
  settled: number;
}

const MARKETS: { type: MarketType; suffix: string; name: string; params?: { line: string } }[] = [
  { type: '1x2', suffix: '1x2', name: 'Match result' },
  { type: 'total', suffix: 'ou25', name: 'Total goals 2.5', params: { line: '2.5' } },
  { type: 'btts', suffix: 'btts', name: 'Both teams to score' },
];

function selectionNames(m: DemoMatch, type: MarketType): Record<string, string> {
  if (type === '1x2') return { home: m.home, draw: 'Draw', away: m.away };
  if (type === 'total') return { over: 'Over 2.5', under: 'Under 2.5' };
  return { yes: 'Yes', no: 'No' };
}

function quotesAt(m: DemoMatch, now: Date): DemoQuotes {
  const state = demoState(m, now);
  const left = state.phase === 'scheduled' ? 1 : Math.max(0, (90 - state.minute) / 90);
  const drift = 0.05 * Math.sin(now.getTime() / 1_800_000 + m.slot);
  return demoQuotes({ home: m.homeRate, away: m.awayRate }, state.score, left, drift);
}

async function createMatch(db: Db, m: DemoMatch, now: Date): Promise<void> {
  const quotes = quotesAt(m, now);
  await db.transaction(async (tx) => {
    const sportId = await upsertSport(tx, 'football', 'Football');
    const competitionId = await upsertCompetition(tx, sportId, m.league.name, {
      source: DEMO_SOURCE,
      externalId: m.league.id,
    });
    const eventId = await upsertEvent(tx, {
      competitionId,
      name: `${m.home} v ${m.away}`,
      home: m.home,
      away: m.away,
      startsAt: m.startsAt,
      source: DEMO_SOURCE,
      externalId: m.externalId,
    });
    for (const market of MARKETS) {
      const names = selectionNames(m, market.type);
      const prices = quotes[market.type as keyof DemoQuotes] as Record<string, Fraction>;
      await upsertMarket(tx, {
        eventId,
        type: market.type,
        name: market.name,
        params: market.params,
        source: DEMO_SOURCE,
        externalId: `${m.externalId}-${market.suffix}`,
        selections: Object.keys(names).map((key) => ({ key, name: names[key]!, price: prices[key]! })),
      });
    }
  });
}

interface EventRow {
  id: number;
  external_id: string;
  status: string;
  score: { home: number; away: number; clock?: string } | null;
}
interface SelectionRow {
  event_id: number;
  market_id: number;
  type: string;
  market_status: string;
  result_state: string;
  key: string;
  price_num: number;
  price_den: number;
}

export async function demoFeedTick(db: Db, wallet: SportsWallet, now: Date): Promise<DemoTick> {
  const tick: DemoTick = { created: 0, started: 0, repriced: 0, settled: 0 };
  const matches = new Map(demoSlots(now).map((slot) => [`demo-${slot}`, demoMatch(slot)]));
  const events = await queryRows<EventRow>(
    db,
    sql`select id, external_id, status, score from sb_events
        where source = ${DEMO_SOURCE} and external_id = any(${textArray([...matches.keys()])}::text[])`,
  );
  const known = new Set(events.map((e) => e.external_id));
  for (const [externalId, m] of matches) {
    // A match that has ended before it was ever listed stays unlisted: nobody could bet on it.
    if (known.has(externalId) || demoState(m, now).phase === 'ended') continue;
    await createMatch(db, m, now);
    tick.created++;
  }
  if (tick.created > 0) return { ...tick, ...(await demoFeedTick(db, wallet, now)), created: tick.created };
  const selections = events.length
    ? await queryRows<SelectionRow>(
        db,
        sql`select m.event_id, m.id as market_id, m.type, m.status as market_status, m.result_state, s.key, s.price_num, s.price_den
            from sb_markets m join sb_selections s on s.market_id = m.id
            where m.event_id = any(${intArray(events.map((e) => Number(e.id)))}::int8[]) order by m.id`,
      )
    : [];
  // Per event, its markets' selection rows.
  const marketsOf = new Map<number, Map<number, SelectionRow[]>>();
  for (const s of selections) {
    const markets = marketsOf.get(Number(s.event_id)) ?? new Map<number, SelectionRow[]>();
    markets.set(Number(s.market_id), [...(markets.get(Number(s.market_id)) ?? []), s]);
    marketsOf.set(Number(s.event_id), markets);
  }
  for (const e of events) {
    const m = matches.get(e.external_id)!;
    const state = demoState(m, now);
    const eventId = Number(e.id);
    const markets = marketsOf.get(eventId) ?? new Map<number, SelectionRow[]>();
    if (state.phase === 'live') {
      const score = { ...state.score, clock: `${state.minute}'` };
      if (e.status === 'scheduled') tick.started++;
      // The clock moves every match minute, not only with a goal (a clock change is no score change:
      // it refuses no bet in its live delay).
      if (
        e.status !== 'live' ||
        e.score?.home !== score.home ||
        e.score?.away !== score.away ||
        e.score?.clock !== score.clock
      )
        await setEventState(db, eventId, { status: 'live', score });
    }
    if (state.phase === 'ended') {
      if (e.status !== 'ended') await setEventState(db, eventId, { status: 'ended', score: state.score });
      for (const [marketId, rows] of markets) {
        if (rows[0]?.result_state !== 'none' || rows[0].market_status === 'cancelled') continue;
        const answer = await enterResult(
          db,
          wallet,
          marketId,
          { kind: 'score', ...state.score },
          {
            source: DEMO_SOURCE,
          },
        );
        if (answer.ok) tick.settled += answer.settled;
      }
      continue;
    }
    const quotes = quotesAt(m, now);
    for (const [marketId, rows] of markets) {
      if (rows[0]?.market_status !== 'open') continue;
      const wanted = quotes[rows[0].type as keyof DemoQuotes] as Record<string, Fraction> | undefined;
      if (!wanted) continue;
      const moved = rows
        .filter((r) => {
          const p = wanted[r.key];
          return p !== undefined && BigInt(r.price_num) * p.den !== p.num * BigInt(r.price_den);
        })
        .map((r) => ({ key: r.key, price: wanted[r.key]! }));
      if (moved.length === 0) continue;
      await setPrices(db, marketId, moved);
      tick.repriced++;
    }
  }
  return tick;
}
