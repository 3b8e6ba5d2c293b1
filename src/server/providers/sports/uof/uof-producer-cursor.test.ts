import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectionsOf } from '../../../../../test/support/sports.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, only1x2, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';
import { uofFeed } from './uof-feed.ts';
import { httpUofRest } from './uof-rest.ts';

/**
 * The odds of an event are ordered per producer (docs/sportsbook.md, "Once and in order"): each
 * producer stamps its messages with its own clock, so the live producer's newest odds are not stale
 * because the pre-match producer's clock runs ahead and its message came first. Here the pre-match
 * producer (3) is 10 s ahead of the live one (1); each producer's own older odds are still stale. One
 * by one, a batch in one call (the feed's hot path, which hands what it changed to the process's live
 * hub), and a batch the other path takes (an event status in it) alike.
 */
describe.runIf(backendAvailable)('UOF: the odds order per event and producer', () => {
  const t = useTestApp();
  const { standIn, ts, fixture } = useUofStandIn(t);
  /** The feed as main.ts wires it, its live hub a recorder of the batches taken in one call. */
  function feedWithHub() {
    const inOneCall: unknown[] = [];
    const live = {
      origin: 'producer-cursor-test',
      sportsCommitted: (changed: unknown) => void inOneCall.push(changed),
      sportsMissed: () => undefined,
    };
    const log = { info: () => undefined, warn: () => undefined };
    const rest = httpUofRest(standIn().url, standIn().token);
    return { feed: uofFeed({ db: t.db, wallet: t.app.sportsWallet, rest, log, live }), inOneCall };
  }
  const total = (over: string, under: string) => ({
    markets: [
      {
        id: 18,
        specifiers: 'total=2.5',
        outcomes: [
          { id: 12, odds: over },
          { id: 13, odds: under },
        ],
      },
    ],
  });
  async function prices(urn: string) {
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where source = 'uof' and external_id = ${urn}`,
    );
    const s = await selectionsOf(t, Number(e!.id));
    return { home: s['1x2:home']?.price, over: s['total:over']?.price };
  }

  it("a producer's odds are not stale for another producer's later clock", async () => {
    const { feed, inOneCall } = feedWithHub();
    await producerUp(feed, standIn(), 1, ts());
    await producerUp(feed, standIn(), 3, ts());
    const f = fixture();
    const base = ts();
    const pre = (at: number) => ({ product: 3, eventId: f.id, timestamp: base + at });
    const live = (at: number) => ({ product: 1, eventId: f.id, timestamp: base + at });
    expect((await feed.receive(uof.oddsChange(pre(0), { markets: mainMarkets() }))).outcome).toBe('applied');

    // One by one: the pre-match producer at +10 s, then the live producer's newer odds at +5 s on its clock.
    await feed.receive(uof.oddsChange(pre(10_000), only1x2('2.20', '3.40', '3.60')));
    expect((await feed.receive(uof.oddsChange(live(5_000), total('1.70', '2.10')))).outcome).toBe('applied');
    // The live producer's own older odds stay stale.
    expect((await feed.receive(uof.oddsChange(live(4_000), total('9.00', '9.00')))).outcome).toBe('stale');
    expect(await prices(f.id)).toEqual({ home: '11/5', over: '17/10' });

    // A batch in one call: the two producers interleaved, each in its own order.
    const oneCall = await feed.receiveBatch([
      uof.oddsChange(pre(20_000), only1x2('2.30', '3.40', '3.60')),
      uof.oddsChange(live(15_000), total('1.75', '2.05')),
    ]);
    expect(oneCall.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(inOneCall.length).toBe(1);
    expect(await prices(f.id)).toEqual({ home: '23/10', over: '7/4' });
    // The live producer alone, older than the pre-match producer's cursor, newer than its own.
    const alone = await feed.receiveBatch([uof.oddsChange(live(16_000), total('1.80', '2.00'))]);
    expect(alone.map((r) => r.outcome)).toEqual(['applied']);
    expect(inOneCall.length).toBe(2);
    expect(await prices(f.id)).toEqual({ home: '23/10', over: '9/5' });

    // The other batch path (an event status to set): the same per producer, and its own older odds stale.
    const other = await feed.receiveBatch([
      uof.oddsChange(pre(30_000), only1x2('2.40', '3.40', '3.60')),
      uof.oddsChange(live(19_000), {
        status: { status: 1, home: 0, away: 0 },
        ...total('1.85', '1.95'),
      }),
      uof.oddsChange(live(18_000), total('9.00', '9.00')),
    ]);
    expect(other.map((r) => r.outcome)).toEqual(['applied', 'applied', 'stale']);
    expect(inOneCall.length).toBe(2);
    expect(await prices(f.id)).toEqual({ home: '12/5', over: '37/20' });
  });

  it('a hand-over of a market the other producer already prices changes nothing; of one it priced, suspends it', async () => {
    const { feed, inOneCall } = feedWithHub();
    await producerUp(feed, standIn(), 1, ts());
    await producerUp(feed, standIn(), 3, ts());
    const [one, batched] = [fixture(), fixture()];
    const status = async (urn: string) =>
      Object.fromEntries(
        (
          await queryRows<{ type: string; status: string; feed_producer: number }>(
            t.db,
            sql`select m.type, m.status, m.feed_producer from sb_markets m join sb_events e on e.id = m.event_id
                where e.external_id = ${urn} order by m.id`,
          )
        ).map((m) => [m.type, `${m.status} by ${m.feed_producer}`]),
      );
    /** The pre-match producer (clock 10 s ahead) hands the 1X2 over, or the 1X2 and the total. */
    const handOver = (urn: string, at: number, ids = [1]) =>
      uof.oddsChange(
        { product: 3, eventId: urn, timestamp: at },
        {
          markets: ids.map((id) => ({
            id,
            ...(id === 18 ? { specifiers: 'total=2.5' } : {}),
            status: -2,
            outcomes: [],
          })),
        },
      );
    const base = ts();
    for (const f of [one, batched])
      await feed.receive(
        uof.oddsChange({ product: 3, eventId: f.id, timestamp: base + 10_000 }, { markets: mainMarkets() }),
      );
    const live1x2 = (urn: string, at: number) =>
      uof.oddsChange({ product: 1, eventId: urn, timestamp: base + at }, only1x2('2.20', '3.40', '3.60'));

    // One by one: the live producer takes the 1X2, then the pre-match producer's hand-over of it and the total.
    await feed.receive(live1x2(one.id, 1_000));
    expect((await feed.receive(handOver(one.id, base + 11_000, [1, 18]))).outcome).toBe('applied');
    const after = { '1x2': 'open by 1', total: 'suspended by 3', handicap: 'open by 3' };
    expect(await status(one.id)).toEqual(after);

    // In a batch (one call): folded with the live price before it, and alone afterwards.
    const taken = await feed.receiveBatch([live1x2(batched.id, 1_000), handOver(batched.id, base + 11_000)]);
    expect(taken.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(inOneCall.length).toBe(1);
    expect((await feed.receiveBatch([handOver(batched.id, base + 12_000, [1, 18])]))[0]?.outcome).toBe(
      'applied',
    );
    expect(inOneCall.length).toBe(2);
    expect(await status(batched.id)).toEqual(after);
  });
});
