import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import {
  homeWins1x2,
  mainMarkets,
  only1x2,
  producerUp,
  useUofStandIn,
} from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';

/**
 * Only prices are ordered by the event's cursor: a settlement, a cancel, a rollback or a bet stop is
 * applied whatever its time (its key makes it once-only). A settlement older than another producer's
 * odds, or than a recovery's odds sent before it, still pays its winners.
 */
describe.runIf(backendAvailable)('UOF stateful messages and the event cursor', () => {
  const { t, newPlayer, eventSelections, placeBet } = useSportsApp();
  const { standIn, ts, feedOf, fixture } = useUofStandIn(t);

  async function eventOf(urn: string) {
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where source = 'uof' and external_id = ${urn}`,
    );
    return Number(e!.id);
  }
  const betStatus = async (betId: number) =>
    (await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${betId}`))[0]
      ?.status;
  const cash = async (token: string) => (await balancesOf(t, token)).cash;

  it("a bet_settlement is not dropped as stale because another producer's newer odds came first", async () => {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 1, ts());
    await producerUp(feed, standIn(), 3, ts());
    const p = await newPlayer();
    const f = fixture();
    await feed.receive(
      uof.oddsChange({ product: 3, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    const s = await eventSelections(await eventOf(f.id));
    const bet = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
    expect(bet).toMatchObject({ status: 'success' });

    // The live producer settles the 1X2 at T; the pre-match producer's odds stamped T + 5 ms land first.
    const settledAt = ts();
    await feed.receive(
      uof.oddsChange(
        { product: 3, eventId: f.id, timestamp: settledAt + 5 },
        only1x2('2.20', '3.30', '3.50'),
      ),
    );
    const receipt = await feed.receive(
      uof.betSettlement({ product: 1, eventId: f.id, timestamp: settledAt }, homeWins1x2),
    );
    expect({ receipt: receipt.outcome, bet: await betStatus(bet.betId), cash: await cash(p.token) }).toEqual({
      receipt: 'applied',
      bet: 'settled',
      cash: 990_000 + 21_000,
    });
    // Sent again (a redelivery), it is a duplicate: paid once.
    const again = await feed.receive(
      uof.betSettlement({ product: 1, eventId: f.id, timestamp: settledAt }, homeWins1x2),
    );
    expect({ again: again.outcome, cash: await cash(p.token) }).toEqual({
      again: 'duplicate',
      cash: 1_011_000,
    });
    await expectSoundLedger(t.db);
  });

  it("a settlement a recovery resends after the match's current odds still pays the winner", async () => {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 1, ts());
    const p = await newPlayer();
    const f = fixture();
    const h = { product: 1, eventId: f.id };
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }));
    const s = await eventSelections(await eventOf(f.id));
    // Over 2.5 at 1.85.
    const bet = (await placeBet(p.gameToken, [s['total:over']!])).json();
    expect(bet).toMatchObject({ status: 'success' });
    await feed.receive(uof.alive(1, ts()));
    await feed.receive(uof.alive(1, ts(), 0));
    // While the producer was away the total 2.5 settled as over, at `overAt`.
    const overAt = ts();
    const recovered = new Promise<number>((resolve) => {
      standIn().onRecovery = (r) => resolve(r.requestId);
    });
    await feed.receive(uof.alive(1, ts()));
    const requestId = await recovered;
    // The recovery: the current odds (stamped now) first, then the settlement with its own time.
    await feed.receive(
      uof.oddsChange(
        { ...h, timestamp: ts(), requestId },
        { status: { status: 1, home: 2, away: 1 }, markets: mainMarkets() },
      ),
    );
    const total = [
      {
        id: 18,
        specifiers: 'total=2.5',
        outcomes: [
          { id: 12, result: 1 as const },
          { id: 13, result: 0 as const },
        ],
      },
    ];
    const settled = await feed.receive(uof.betSettlement({ ...h, timestamp: overAt, requestId }, total, 1));
    await feed.receive(uof.snapshotComplete(1, ts(), requestId));
    expect({ receipt: settled.outcome, bet: await betStatus(bet.betId), cash: await cash(p.token) }).toEqual({
      receipt: 'applied',
      bet: 'settled',
      cash: 990_000 + 18_500,
    });
  });

  it('a bet_stop older than the cursor still stops the markets, alone and in a batch; older odds stay stale', async () => {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 1, ts());
    const f = fixture();
    const h = { product: 1, eventId: f.id };
    const [early, late] = [ts(), ts()];
    await feed.receive(uof.oddsChange({ ...h, timestamp: late }, { markets: mainMarkets() }));
    const open = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from sb_markets where event_id = ${await eventOf(f.id)} and status = 'open'`,
        )
      )[0]!.n;
    expect(await open()).toBeGreaterThan(0);
    const [stop, odds] = await feed.receiveBatch([
      uof.betStop({ ...h, timestamp: early }),
      uof.oddsChange({ ...h, timestamp: early + 1 }, only1x2('9.00', '9.00', '9.00')),
    ]);
    expect({ stop: stop?.outcome, odds: odds?.outcome, open: await open() }).toEqual({
      stop: 'applied',
      odds: 'stale',
      open: 0,
    });
  });
});
