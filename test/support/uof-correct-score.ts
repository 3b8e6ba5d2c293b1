import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.ts';
import type { OddsMarket, SettledMarket } from '../../src/server/providers/sports/uof/uof-build.ts';
import * as uof from '../../src/server/providers/sports/uof/uof-build.ts';
import type { UofFeed } from '../../src/server/providers/sports/uof/uof-feed.ts';
import { selectionsOf } from './sports.ts';
import type { TestApp } from './test-app.ts';
import { mainMarkets, type useUofStandIn } from './uof.ts';

/** The correct-score market (45) as the catalogue maps it: UOF outcome ids 274, 276, … in this order. */
export const SCORES = [
  '0-0',
  '1-0',
  '2-0',
  '3-0',
  '4-0',
  '0-1',
  '1-1',
  '2-1',
  '3-1',
  '4-1',
  '0-2',
  '1-2',
  '2-2',
  '3-2',
  '4-2',
  '0-3',
  '1-3',
  '2-3',
  '3-3',
  '4-3',
  '0-4',
  '1-4',
  '2-4',
  '3-4',
  '4-4',
  'other',
];
/** A score's UOF outcome id in market 45. */
export const idOf = (score: string) => 274 + 2 * SCORES.indexOf(score);
/** An odds_change market: the correct score at 10.0 on every score. */
export const correctScoreOdds: OddsMarket = {
  id: 45,
  outcomes: SCORES.map((s) => ({ id: idOf(s), odds: '10.0' })),
};
/** A bet_settlement body for the correct score: these scores lost, these won. */
export const scores = (lost: string[], won: string[] = []): SettledMarket[] => [
  {
    id: 45,
    outcomes: [
      ...lost.map((s) => ({ id: idOf(s), result: 0 as const })),
      ...won.map((s) => ({ id: idOf(s), result: 1 as const })),
    ],
  },
];

/**
 * A pre-match fixture the feed (product 3) priced with its main markets and the correct score at 10.0
 * on every score: its message header, start, event, selections by key and the book's market ids.
 */
export async function pricedCorrectScoreMatch(
  t: TestApp,
  feed: UofFeed,
  { ts, fixture }: Pick<ReturnType<typeof useUofStandIn>, 'ts' | 'fixture'>,
) {
  const f = fixture();
  const h = { product: 3, eventId: f.id };
  await feed.receive(
    uof.oddsChange({ ...h, timestamp: ts() }, { markets: [...mainMarkets(), correctScoreOdds] }),
  );
  const idOfRow = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ id: number }>(t.db, query))[0]!.id);
  const eventId = await idOfRow(sql`select id from sb_events where source = 'uof' and external_id = ${f.id}`);
  const marketOf = (id: number) =>
    idOfRow(sql`select id from sb_markets where external_id = ${`${f.id}/${id}`}`);
  return {
    h,
    startsAt: f.startTime,
    eventId,
    s: await selectionsOf(t, eventId),
    correctScore: await marketOf(45),
    matchResult: await marketOf(1),
  };
}
