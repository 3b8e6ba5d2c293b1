import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectionsOf } from '../../../../../test/support/sports.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, only1x2, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';
import { applyPricesInBulk } from './uof-bulk-prices.ts';
import type { OddsChange } from './uof-fold.ts';
import { parseUofMessage } from './uof-xml.ts';

/**
 * A lane's queued messages in one transaction (feed.receiveBatch, what the broker consumer calls):
 * the same outcome as one by one — each key once, also across a restart; per event in order; a
 * malformed message skipped and counted; a message the book cannot take makes the batch fall back to
 * one by one, where only that message is rejected.
 */
describe.runIf(backendAvailable)('the UOF adapter, a batch at a time', () => {
  const t = useTestApp();
  const { ts, feedOf, liveFeed, fixture } = useUofStandIn(t);
  const eventId = async (urn: string) =>
    Number(
      (await queryRows<{ id: number }>(t.db, sql`select id from sb_events where external_id = ${urn}`))[0]
        ?.id,
    );
  const outcomes = async (urns: string[]) =>
    queryRows<{ event_urn: string; outcome: string; n: number }>(
      t.db,
      sql`select event_urn, outcome, count(*)::int as n from sb_uof_messages
          where event_urn in (${sql.join(
            urns.map((u) => sql`${u}`),
            sql`, `,
          )}) and kind = 'odds_change' group by 1, 2 order by 1, 2`,
    );

  it('applies a batch once, in order per event: repeats, older and malformed messages change nothing', async () => {
    const { feed, warnings } = await liveFeed();
    const a = fixture();
    const b = fixture();
    const known = uof.oddsChange({ product: 1, eventId: a.id, timestamp: ts() }, { markets: mainMarkets() });
    expect((await feed.receive(known)).outcome).toBe('applied');
    const older = ts();
    const a1 = uof.oddsChange(
      { product: 1, eventId: a.id, timestamp: ts() },
      only1x2('2.50', '3.20', '3.00'),
    );
    const b1 = uof.oddsChange({ product: 1, eventId: b.id, timestamp: ts() }, { markets: mainMarkets() });
    const a2 = uof.oddsChange(
      { product: 1, eventId: a.id, timestamp: ts() },
      only1x2('2.60', '3.10', '2.90'),
    );
    const aOld = uof.oddsChange(
      { product: 1, eventId: a.id, timestamp: older },
      only1x2('9.00', '9.00', '9.00'),
    );
    const b2 = uof.oddsChange(
      { product: 1, eventId: b.id, timestamp: ts() },
      only1x2('1.50', '4.00', '6.00'),
    );
    const malformed = `<odds_change product="1" event_id="${b.id}" timestamp="${ts()}"><odds><market id="1"><outcome id="1" odds="lots"/></market></odds></odds_change>`;
    const receipts = await feed.receiveBatch([known, a1, b1, a2, a2, aOld, malformed, b2]);
    expect(receipts.map((r) => r.outcome)).toEqual([
      'duplicate',
      'applied',
      'applied',
      'applied',
      'duplicate',
      'stale',
      'rejected',
      'applied',
    ]);
    expect(warnings.length).toBe(1);
    const sa = await selectionsOf(t, await eventId(a.id));
    expect([sa['1x2:home']?.price, sa['1x2:draw']?.price, sa['1x2:away']?.price]).toEqual([
      '13/5',
      '31/10',
      '29/10',
    ]);
    const sb = await selectionsOf(t, await eventId(b.id));
    // The new fixture was read from the REST API, its markets opened, then the later prices applied.
    expect(sb['1x2:home']?.price).toBe('3/2');
    expect(sb['total:over']?.price).toBe('37/20');
    expect(await outcomes([a.id, b.id])).toEqual([
      { event_urn: a.id, outcome: 'applied', n: 3 },
      { event_urn: a.id, outcome: 'stale', n: 1 },
      { event_urn: b.id, outcome: 'applied', n: 2 },
    ]);
    // After a restart the broker may hand the same messages again: each is a duplicate.
    const again = await feedOf().feed.receiveBatch([a1, b1, a2, b2]);
    expect(again.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
  });

  it('decides stale messages against the cursor and the order within the batch, per event, in one statement', async () => {
    const { feed } = await liveFeed();
    const [a, b] = [fixture(), fixture()];
    const t0 = ts();
    const [t1, t2, t3, t4, t5, t6] = [ts(), ts(), ts(), ts(), ts(), ts()];
    const at = (urn: string, time: number, home: string) =>
      uof.oddsChange({ product: 1, eventId: urn, timestamp: time }, only1x2(home, '3.20', '3.00'));
    // a's cursor at t3; b has none yet.
    expect(
      (
        await feed.receive(
          uof.oddsChange({ product: 1, eventId: a.id, timestamp: t3 }, { markets: mainMarkets() }),
        )
      ).outcome,
    ).toBe('applied');
    await feed.receive(
      uof.oddsChange({ product: 1, eventId: b.id, timestamp: t0 }, { markets: mainMarkets() }),
    );
    const receipts = await feed.receiveBatch([
      at(a.id, t2, '9.00'), // older than a's cursor
      at(b.id, t5, '1.50'),
      at(a.id, t5, '2.20'),
      at(b.id, t4, '9.00'), // older than b's t5 earlier in the batch
      at(a.id, t4, '9.00'), // older than a's t5 earlier in the batch, newer than its cursor
      at(a.id, t6, '2.40'),
      at(b.id, t6, '1.60'),
      at(b.id, t1, '9.00'),
    ]);
    expect(receipts.map((r) => r.outcome)).toEqual([
      'stale',
      'applied',
      'applied',
      'stale',
      'stale',
      'applied',
      'applied',
      'stale',
    ]);
    expect((await selectionsOf(t, await eventId(a.id)))['1x2:home']?.price).toBe('12/5');
    expect((await selectionsOf(t, await eventId(b.id)))['1x2:home']?.price).toBe('8/5');
    // Each event's cursor: the live producer's newest time.
    const cursors = await queryRows<{ event_urn: string; ts: string }>(
      t.db,
      sql`select event_urn, producer_ts->>'1' as ts from sb_uof_event_cursor where event_urn in (${a.id}, ${b.id}) order by event_urn`,
    );
    expect(cursors.map((c) => Number(c.ts))).toEqual([t6, t6]);
  });

  it('a message the book cannot take makes the batch fall back to one by one: only it is rejected', async () => {
    const { feed, warnings } = await liveFeed();
    const a = fixture();
    // An event the REST API does not know: its odds_change cannot list it.
    const unknown = 'sr:match:8888888';
    const a1 = uof.oddsChange({ product: 1, eventId: a.id, timestamp: ts() }, { markets: mainMarkets() });
    const lost = uof.oddsChange(
      { product: 1, eventId: unknown, timestamp: ts() },
      { markets: mainMarkets() },
    );
    const a2 = uof.oddsChange(
      { product: 1, eventId: a.id, timestamp: ts() },
      only1x2('2.50', '3.20', '3.00'),
    );
    const receipts = await feed.receiveBatch([a1, lost, a2]);
    expect(receipts.map((r) => r.outcome)).toEqual(['applied', 'rejected', 'applied']);
    expect(warnings.some((w) => JSON.stringify(w).includes('"messages":3'))).toBe(true);
    expect((await selectionsOf(t, await eventId(a.id)))['1x2:home']?.price).toBe('5/2');
    const [rejected] = await queryRows<{ outcome: string; detail: string }>(
      t.db,
      sql`select outcome, detail from sb_uof_messages where event_urn = ${unknown}`,
    );
    expect(rejected).toMatchObject({ outcome: 'rejected', detail: `no fixture for ${unknown}` });
  });

  it('a bet_stop in the batch stops the markets; the odds after it in the batch are applied after it', async () => {
    const { feed } = await liveFeed();
    const a = fixture();
    const h = { product: 1, eventId: a.id };
    const receipts = await feed.receiveBatch([
      uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }),
      uof.betStop({ ...h, timestamp: ts() }),
      uof.oddsChange({ ...h, timestamp: ts() }, only1x2('2.50', '3.20', '3.00')),
    ]);
    expect(receipts.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied']);
    const statuses = await queryRows<{ type: string; status: string }>(
      t.db,
      sql`select m.type, m.status from sb_markets m where m.event_id = ${await eventId(a.id)} order by m.id`,
    );
    // The 1X2 the last message names is active again; the others stay stopped.
    expect(statuses).toEqual([
      { type: '1x2', status: 'open' },
      { type: 'total', status: 'suspended' },
      { type: 'handicap', status: 'suspended' },
    ]);
  });

  it('prices on markets the book has, set-based, end exactly where one by one ends', async () => {
    const { feed } = await liveFeed();
    const [one, batched] = [fixture(), fixture()];
    for (const f of [one, batched])
      await feed.receive(
        uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
      );
    /** The same moves for an event: new prices, an outcome closed, a market the feed deactivates. */
    const moves = (urn: string, at: number) => [
      uof.oddsChange({ product: 1, eventId: urn, timestamp: at }, only1x2('2.40', '3.30', '2.90')),
      uof.oddsChange(
        { product: 1, eventId: urn, timestamp: at + 1 },
        {
          markets: [
            {
              id: 1,
              outcomes: [
                { id: 1, odds: '2.45', active: 0 },
                { id: 3, odds: '2.80' },
              ],
            },
            { id: 18, specifiers: 'total=2.5', status: 0, outcomes: [{ id: 12, odds: '1.70' }] },
          ],
        },
      ),
    ];
    const at = ts();
    ts();
    for (const xml of moves(one.id, at)) expect((await feed.receive(xml)).outcome).toBe('applied');
    const receipts = await feed.receiveBatch(moves(batched.id, at));
    expect(receipts.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const state = async (urn: string) =>
      queryRows<{ type: string; status: string; version: number; feed_active: boolean; prices: string }>(
        t.db,
        sql`select m.type, m.status, m.version, m.feed_active,
              string_agg(s.key || '=' || s.price_num || '/' || s.price_den || ':' || s.open, ' ' order by s.key) as prices
            from sb_markets m join sb_events e on e.id = m.event_id join sb_selections s on s.market_id = m.id
            where e.external_id = ${urn} group by m.id order by m.id`,
      );
    const expected = await state(one.id);
    expect(expected.map((m) => m.status)).toEqual(['open', 'suspended', 'open']);
    const got = await state(batched.id);
    // Folded, two price moves are one change: the version steps once where one by one stepped twice
    // (a bet records the version it was taken on; none can be taken between two messages of a batch).
    const noVersion = (rows: typeof got) => rows.map(({ version: _, ...rest }) => rest);
    expect(noVersion(got)).toEqual(noVersion(expected));
    expect(got.map((m) => Number(m.version))).toEqual([2, 3, 1]); // the total: a new price, then suspended
  });

  it('in one call, messages repeating the book prices write no market and keep no history; a move steps its market once', async () => {
    const { feed } = await liveFeed();
    const f = fixture();
    await feed.receive(
      uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    // xmin: the transaction that last wrote the row (a write of the same values changes it too).
    const markets = () =>
      queryRows<{ id: number; version: number; written: string }>(
        t.db,
        sql`select m.id, m.version, m.xmin::text as written from sb_markets m join sb_events e on e.id = m.event_id
            where e.external_id = ${f.id} order by m.id`,
      );
    const kept = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from sb_price_history h join sb_selections s on s.id = h.selection_id
                join sb_markets m on m.id = s.market_id join sb_events e on e.id = m.event_id where e.external_id = ${f.id}`,
          )
        )[0]?.n,
      );
    const before = await markets();
    const history = await kept();
    const again = [ts(), ts()].map((at) =>
      uof.oddsChange({ product: 1, eventId: f.id, timestamp: at }, { markets: mainMarkets() }),
    );
    expect((await feed.receiveBatch(again)).map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(await markets()).toEqual(before);
    expect(await kept()).toBe(history);
    const moved = [ts(), ts()].map((at, i) =>
      uof.oddsChange(
        { product: 1, eventId: f.id, timestamp: at },
        only1x2(i ? '2.30' : '2.20', '3.40', '3.60'),
      ),
    );
    expect((await feed.receiveBatch(moved)).map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const after = await markets();
    expect(after.map((m) => Number(m.version))).toEqual(
      before.map((m, i) => Number(m.version) + (i === 0 ? 1 : 0)),
    );
    expect(after.slice(1).map((m) => m.written)).toEqual(before.slice(1).map((m) => m.written));
    expect(await kept()).toBe(history + 1); // folded: the last price only
  });

  it('inside a batch transaction, the prices go by the same rule (sb_uof_odds_apply), the events it cannot take left', async () => {
    const { feed } = await liveFeed();
    const f = fixture();
    await feed.receive(
      uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    const message = (urn: string) => {
      const parsed = parseUofMessage(
        uof.oddsChange({ product: 1, eventId: urn, timestamp: ts() }, only1x2('2.50', '3.40', '3.60')),
      );
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.message as OddsChange;
    };
    const unknown = `sr:match:${900_000_000 + (process.pid % 1000)}`;
    const { left, changed } = await t.db.transaction((tx) =>
      applyPricesInBulk(tx, [message(f.id), message(unknown)]),
    );
    expect([...left]).toEqual([unknown]);
    const id = await eventId(f.id);
    const [home] = await queryRows<{ id: number; price_num: number; price_den: number }>(
      t.db,
      sql`select s.id, s.price_num, s.price_den from sb_selections s join sb_markets m on m.id = s.market_id
          where m.event_id = ${id} and m.type = '1x2' and s.key = 'home'`,
    );
    expect([Number(home!.price_num), Number(home!.price_den)]).toEqual([5, 2]);
    // What it changed, as the streams would be handed it: the one price that moved, and its market.
    expect(changed.selections.map((s) => [Number(s.id), Number(s.e), s.n, s.d])).toEqual([
      [Number(home!.id), id, 5, 2],
    ]);
    expect(changed.markets.map((m) => [Number(m.e), m.st])).toEqual([[id, 'open']]);
  });

  it('a market one message suspends and the next names without a status is open again, folded or not', async () => {
    const { feed } = await liveFeed();
    const [one, batched] = [fixture(), fixture()];
    for (const f of [one, batched])
      await feed.receive(
        uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
      );
    const total = (status?: number) => ({
      markets: [
        {
          id: 18,
          specifiers: 'total=2.5',
          ...(status === undefined ? {} : { status }),
          outcomes: [{ id: 12, odds: '1.75' }],
        },
      ],
    });
    const moves = (urn: string, at: number) => [
      uof.oddsChange({ product: 1, eventId: urn, timestamp: at }, total(-1)),
      uof.oddsChange({ product: 1, eventId: urn, timestamp: at + 1 }, total()),
    ];
    const at = ts();
    ts();
    for (const xml of moves(one.id, at)) expect((await feed.receive(xml)).outcome).toBe('applied');
    await feed.receiveBatch(moves(batched.id, at));
    const statuses = async (urn: string) =>
      (
        await queryRows<{ status: string }>(
          t.db,
          sql`select m.status from sb_markets m join sb_events e on e.id = m.event_id
              where e.external_id = ${urn} order by m.id`,
        )
      ).map((m) => m.status);
    expect(await statuses(one.id)).toEqual(['open', 'open', 'open']);
    expect(await statuses(batched.id)).toEqual(await statuses(one.id));
  });
});
