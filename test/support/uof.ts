import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { SportsWallet } from '../../src/server/providers/sports/sports-wallet.ts';
import * as build from '../../src/server/providers/sports/uof/uof-build.ts';
import { type UofFeed, uofFeed } from '../../src/server/providers/sports/uof/uof-feed.ts';
import { httpUofRest, PRODUCT_PATHS } from '../../src/server/providers/sports/uof/uof-rest.ts';
import type { TestApp } from './test-app.ts';
import { startUofRestStandIn, type UofRestStandIn } from './uof-rest-standin.ts';

/** The adapter's collaborators for tests: its REST API is the stand-in, its log kept for assertions. */
export function testFeed(
  db: Db,
  wallet: SportsWallet,
  api: UofRestStandIn,
  options = { aliveTimeoutMs: 20_000, recoveryTimeoutMs: 300_000 },
): { feed: UofFeed; warnings: object[] } {
  const warnings: object[] = [];
  const log = { info: () => undefined, warn: (obj: object) => void warnings.push(obj) };
  const feed = uofFeed({ db, wallet, rest: httpUofRest(api.url, api.token), log }, options);
  return { feed, warnings };
}

let matches = 0;
/** A football fixture the stand-in serves; its URN is new in every test. */
export function footballFixture(api: UofRestStandIn, startsInMs = 86_400_000): build.FixtureInput {
  matches += 1;
  const n = 9_000_000 + (process.pid % 1000) * 1000 + matches;
  const f: build.FixtureInput = {
    id: `sr:match:${n}`,
    startTime: new Date(Date.now() + startsInMs),
    sport: { id: 'sr:sport:1', name: 'Soccer' },
    tournament: { id: 'sr:tournament:9001', name: 'Feed Test League [DEMO]' },
    home: { id: `sr:competitor:${n}1`, name: `Home ${n}` },
    away: { id: `sr:competitor:${n}2`, name: `Away ${n}` },
  };
  api.fixtures.set(f.id, f);
  return f;
}

/** Brings a producer up: an alive, the recovery it asks of the stand-in, then its snapshot_complete. */
export async function producerUp(
  feed: UofFeed,
  api: UofRestStandIn,
  product: number,
  timestamp = Date.now(),
): Promise<void> {
  const before = api.recoveries.length;
  const answered = new Promise<void>((resolve) => {
    api.onRecovery = async (r) => {
      if (r.product !== PRODUCT_PATHS[product]) return;
      await feed.receive(build.snapshotComplete(product, timestamp, r.requestId));
      resolve();
    };
  });
  await feed.receive(build.alive(product, timestamp));
  if (api.recoveries.length > before) await answered;
}

/** A bet_settlement body: the 1X2 (market 1) won by the home side. */
export const homeWins1x2 = [
  {
    id: 1,
    outcomes: [
      { id: 1, result: 1 as const },
      { id: 2, result: 0 as const },
      { id: 3, result: 0 as const },
    ],
  },
];

/** Main football markets at sample prices: 1X2, total 2.5, Asian handicap −0.25. */
/** An odds_change body with the 1X2 market alone, at these decimal odds. */
export const only1x2 = (home: string, draw: string, away: string) => ({
  markets: [
    {
      id: 1,
      outcomes: [
        { id: 1, odds: home },
        { id: 2, odds: draw },
        { id: 3, odds: away },
      ],
    },
  ],
});

export const mainMarkets = (): build.OddsMarket[] => [
  {
    id: 1,
    outcomes: [
      { id: 1, odds: '2.10' },
      { id: 2, odds: '3.40' },
      { id: 3, odds: '3.60' },
    ],
  },
  {
    id: 18,
    specifiers: 'total=2.5',
    outcomes: [
      { id: 12, odds: '1.85' },
      { id: 13, odds: '1.95' },
    ],
  },
  {
    id: 16,
    specifiers: 'hcp=-0.25',
    outcomes: [
      { id: 1714, odds: '1.90' },
      { id: 1715, odds: '1.90' },
    ],
  },
];

/**
 * The UOF REST stand-in for a test file (started before its tests, closed after) and what the feed's
 * tests build on it: `standIn()` itself, `feedOf` an adapter over the app's book, `liveFeed` one whose
 * producer is already up, `fixture` a football fixture the stand-in serves, `ts` feed timestamps, rising.
 */
export function useUofStandIn(t: TestApp) {
  let api: UofRestStandIn | undefined;
  beforeAll(async () => {
    api = await startUofRestStandIn();
  });
  afterAll(async () => api?.close());
  const standIn = () => api!;
  let clock = Date.now();
  const ts = () => (clock += 1_000);
  const feedOf = (options?: Parameters<typeof testFeed>[3]) =>
    testFeed(t.db, t.app.sportsWallet, standIn(), options);
  const liveFeed = async (product = 1) => {
    const f = feedOf();
    await producerUp(f.feed, standIn(), product, ts());
    return f;
  };
  const fixture = (startsInMs?: number) => footballFixture(standIn(), startsInMs);
  return { standIn, ts, feedOf, liveFeed, fixture };
}
