import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, only1x2, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';

/**
 * An event's markets may come from both producers (live odds 1, pre-match 3). A producer going down
 * suspends the markets it priced last, whoever sent the event's last message (sb_markets.feed_producer):
 * one by one and folded in a batch alike. Its snapshot_complete reopens only those.
 */
describe.runIf(backendAvailable)('UOF producers and the markets they priced', () => {
  const { t, newPlayer, eventSelections, placeBet } = useSportsApp();
  const { standIn, ts, feedOf, fixture } = useUofStandIn(t);

  const statuses = async (urn: string) =>
    Object.fromEntries(
      (
        await queryRows<{ type: string; status: string }>(
          t.db,
          sql`select m.type, m.status from sb_markets m join sb_events e on e.id = m.event_id
              where e.external_id = ${urn} order by m.id`,
        )
      ).map((m) => [m.type, m.status]),
    );
  const eventOf = async (urn: string) =>
    Number(
      (await queryRows<{ id: number }>(t.db, sql`select id from sb_events where external_id = ${urn}`))[0]
        ?.id,
    );

  it("a producer down suspends the markets it priced, though the other producer's message came last", async () => {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 1, ts());
    await producerUp(feed, standIn(), 3, ts());
    const [one, batched] = [fixture(), fixture()];
    // The live producer prices every main market; the pre-match producer then sends its 1X2 once.
    await feed.receive(
      uof.oddsChange({ product: 1, eventId: one.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    await feed.receive(
      uof.oddsChange({ product: 3, eventId: one.id, timestamp: ts() }, only1x2('2.05', '3.40', '3.70')),
    );
    // The same in one batch (folded into one message per event), on markets the book already lists.
    await feed.receive(
      uof.oddsChange({ product: 3, eventId: batched.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    await feed.receiveBatch([
      uof.oddsChange({ product: 1, eventId: batched.id, timestamp: ts() }, { markets: mainMarkets() }),
      uof.oddsChange({ product: 3, eventId: batched.id, timestamp: ts() }, only1x2('2.05', '3.40', '3.70')),
    ]);
    const open = { '1x2': 'open', total: 'open', handicap: 'open' };
    expect([await statuses(one.id), await statuses(batched.id)]).toEqual([open, open]);

    // The live producer goes down: the total and the handicap it priced stop; the 1X2 stays open.
    await feed.receive(uof.alive(1, ts(), 0));
    const down = { '1x2': 'open', total: 'suspended', handicap: 'suspended' };
    expect([await statuses(one.id), await statuses(batched.id)]).toEqual([down, down]);
    const p = await newPlayer();
    const s = await eventSelections(await eventOf(one.id));
    expect((await placeBet(p.gameToken, [s['total:over']!])).json()).toMatchObject({
      status: 'refused',
      refusal: 'market_suspended',
    });

    // Its recovery (asked for at once) ends: its markets reopen.
    const recovery = standIn().recoveries.at(-1)!;
    expect(recovery.product).toBe('liveodds');
    await feed.receive(uof.snapshotComplete(1, ts(), recovery.requestId));
    expect([await statuses(one.id), await statuses(batched.id)]).toEqual([open, open]);
  });
});
