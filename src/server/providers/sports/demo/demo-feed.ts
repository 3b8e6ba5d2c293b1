import { sql } from 'drizzle-orm';
import type { Fraction } from '../../../../shared/sports/fraction.ts';
import { type MarketType, selectionOutcome } from '../../../../shared/sports/markets.ts';
import { formatDecimal } from '../../../../shared/sports/price.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { textArray } from '../../../db/sql-array.ts';
import type { SportsWallet } from '../sports-wallet.ts';
import * as uof from '../uof/uof-build.ts';
import { type FeedLog, type UofFeed, uofFeed } from '../uof/uof-feed.ts';
import type { UofFixture } from '../uof/uof-messages.ts';
import type { UofRest } from '../uof/uof-rest.ts';
import { type DemoMatch, demoMatch, demoSlots, demoState, MATCH_MS } from './demo-fixtures.ts';
import { type DemoQuotes, demoQuotes } from './demo-prices.ts';

/**
 * The demo feed (demo data only, started by main.ts) speaks the Unified Odds Feed: it publishes the
 * same UOF messages a real feed sends (odds_change with prices, score and clock; bet_settlement;
 * alive; a recovery's snapshot_complete) into the same adapter (uof/uof-feed.ts), in process and
 * without a broker, and answers the adapter's REST calls (fixtures, recoveries) itself. So the demo
 * and a real feed share one code path. It keeps a few dozen made-up matches over the coming days,
 * moves their prices, plays them live and settles them; each message's timestamp comes from the
 * schedule and the tick, so a repeat (another process, a restart) is a duplicate the adapter skips.
 */
export interface DemoTick {
  created: number;
  started: number;
  repriced: number;
  settled: number;
}

/** The demo's markets as UOF market ids, their specifiers and outcome ids (sb_market_catalogue). */
const MARKETS: {
  type: MarketType;
  id: number;
  specifiers?: string;
  line?: string;
  outcomes: Record<string, number>;
}[] = [
  { type: '1x2', id: 1, outcomes: { home: 1, draw: 2, away: 3 } },
  { type: 'total', id: 18, specifiers: 'total=2.5', line: '2.5', outcomes: { over: 12, under: 13 } },
  { type: 'btts', id: 29, outcomes: { yes: 74, no: 76 } },
];
const PRE_MATCH = 3;
const LIVE = 1;
const eventUrn = (slot: number) => `demo:match:${slot}`;
const slotOf = (urn: string) => Number(/^demo:match:(\d+)$/.exec(urn)?.[1] ?? Number.NaN);

function quotesAt(m: DemoMatch, now: Date): DemoQuotes {
  const state = demoState(m, now);
  const left = state.phase === 'scheduled' ? 1 : Math.max(0, (90 - state.minute) / 90);
  const drift = 0.05 * Math.sin(now.getTime() / 1_800_000 + m.slot);
  return demoQuotes({ home: m.homeRate, away: m.awayRate }, state.score, left, drift);
}

/** The fixture the REST API would give for a demo match. */
export function demoFixture(urn: string): UofFixture | undefined {
  const slot = slotOf(urn);
  if (!Number.isSafeInteger(slot)) return undefined;
  const m = demoMatch(slot);
  return {
    id: urn,
    start_time: m.startsAt.toISOString(),
    tournament: {
      id: `demo:tournament:${1 + ['northern', 'southern', 'highland'].indexOf(m.league.id)}`,
      name: m.league.name,
      sport: { id: 'sr:sport:1', name: 'Soccer' },
      category: {
        id: `demo:category:${m.league.country === 'Brightshore [DEMO]' ? 2 : 1}`,
        name: m.league.country,
      },
    },
    competitors: {
      competitor: [
        { id: `demo:team:${slot * 2}`, name: m.home, qualifier: 'home' },
        { id: `demo:team:${slot * 2 + 1}`, name: m.away, qualifier: 'away' },
      ],
    },
  };
}

function oddsMarkets(m: DemoMatch, now: Date): uof.OddsMarket[] {
  const quotes = quotesAt(m, now);
  return MARKETS.map((market) => {
    const prices = quotes[market.type as keyof DemoQuotes] as Record<string, Fraction>;
    return {
      id: market.id,
      specifiers: market.specifiers,
      outcomes: Object.entries(market.outcomes).map(([key, id]) => ({
        id,
        odds: formatDecimal(prices[key]!),
      })),
    };
  });
}

function settlement(score: { home: number; away: number }): uof.SettledMarket[] {
  return MARKETS.map((market) => ({
    id: market.id,
    specifiers: market.specifiers,
    outcomes: Object.entries(market.outcomes).map(([key, id]) => {
      const o = selectionOutcome(market.type, { line: market.line }, key, { kind: 'score', ...score })!;
      const v = Number(o.v.num) / Number(o.v.den);
      return { id, result: o.w as 0 | 1, ...(v > 0 ? { voidFactor: String(v) } : {}) };
    }),
  }));
}

export interface DemoFeed {
  feed: UofFeed;
  tick(now: Date): Promise<DemoTick>;
}

export function demoUofFeed(db: Db, wallet: SportsWallet, log: FeedLog): DemoFeed {
  /** Recoveries the adapter asked for: this tick's messages are their snapshot. */
  const recoveries: { product: number; requestId: number }[] = [];
  /** What was last sent per match, so unchanged prices are not sent again (all of it after a restart). */
  const sent = new Map<string, string>();
  const rest: UofRest = {
    fixture: async (urn) => demoFixture(urn),
    recover: async (product, requestId) => {
      recoveries.push({ product, requestId });
    },
  };
  const feed = uofFeed({ db, wallet, rest, log }, { aliveTimeoutMs: 45_000, recoveryTimeoutMs: 120_000 });

  async function tick(now: Date): Promise<DemoTick> {
    const t: DemoTick = { created: 0, started: 0, repriced: 0, settled: 0 };
    const at = now.getTime();
    for (const product of [PRE_MATCH, LIVE]) await feed.receive(uof.alive(product, at));
    const snapshot = recoveries.splice(0);
    if (snapshot.length > 0) sent.clear();
    const slots = demoSlots(now);
    const known = new Map(
      (
        await queryRows<{ external_id: string; status: string; open: boolean }>(
          db,
          sql`select e.external_id, e.status, exists (select 1 from sb_markets m where m.event_id = e.id
                and m.result_state = 'none' and m.status <> 'cancelled') as open
              from sb_events e where e.source = 'uof' and e.external_id = any(${textArray(slots.map(eventUrn))}::text[])`,
        )
      ).map((e) => [e.external_id, e]),
    );
    for (const slot of slots) {
      const m = demoMatch(slot);
      const urn = eventUrn(slot);
      const state = demoState(m, now);
      const event = known.get(urn);
      if (state.phase === 'ended') {
        // A match that ended before it was ever listed stays unlisted: nobody could bet on it.
        if (!event || (event.status === 'ended' && !event.open)) continue;
        const end = m.startsAt.getTime() + MATCH_MS;
        const h = { product: LIVE, eventId: urn };
        await feed.receive(
          uof.oddsChange(
            { ...h, timestamp: end },
            { status: { status: 4, ...state.score, matchTime: "90'" } },
          ),
        );
        const settled = await feed.receive(
          uof.betSettlement({ ...h, timestamp: end + 1 }, settlement(state.score)),
        );
        if (settled.outcome === 'applied') t.settled += MARKETS.length;
        continue;
      }
      const live = state.phase === 'live';
      const markets = oddsMarkets(m, now);
      const status = live
        ? { status: 1, ...state.score, matchTime: `${state.minute}'` }
        : { status: 0, home: 0, away: 0 };
      const digest = JSON.stringify([status, markets]);
      if (sent.get(urn) === digest && event) continue;
      const receipt = await feed.receive(
        uof.oddsChange(
          { product: live ? LIVE : PRE_MATCH, eventId: urn, timestamp: at },
          { status, markets },
        ),
      );
      if (receipt.outcome !== 'applied' && receipt.outcome !== 'duplicate') continue;
      sent.set(urn, digest);
      if (!event) t.created++;
      else if (live && event.status === 'scheduled') t.started++;
      else if (receipt.outcome === 'applied') t.repriced++;
    }
    for (const r of snapshot) await feed.receive(uof.snapshotComplete(r.product, at, r.requestId));
    return t;
  }
  return { feed, tick };
}

/** One tick of a demo feed made for it (the tests' entry): what the runner does every 15 s. */
export async function demoFeedTick(
  db: Db,
  wallet: SportsWallet,
  now: Date,
  demo?: DemoFeed,
): Promise<DemoTick> {
  const quiet = { info: () => undefined, warn: () => undefined };
  return (demo ?? demoUofFeed(db, wallet, quiet)).tick(now);
}
