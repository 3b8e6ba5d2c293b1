import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { livePriceOf, waitForLive } from '../../../../../test/support/sports-live.ts';
import { openSse } from '../../../../../test/support/sse.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, only1x2, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { buildApp } from '../../../app.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';
import { uofFeed } from './uof-feed.ts';
import { httpUofRest } from './uof-rest.ts';

/**
 * The feed's batch pushed from its commit (docs/sportsbook.md, "Live prices"): two app instances on
 * one database, the feed wired to the first's live hub as main.ts wires it. The first's streams get
 * the batch's prices from the commit (its notification names the first's origin, so it reads nothing);
 * the second's through the notification and a read; a stream opened afterwards catches up.
 */
describe.runIf(backendAvailable)('the feed pushed from the commit, across two instances', () => {
  const t = useTestApp({}, { listen: true });
  const { ts, standIn, fixture } = useUofStandIn(t);
  let other: FastifyInstance;
  let otherUrl = '';
  beforeAll(async () => {
    other = await buildApp({ config: { ...t.config }, database: t.database, logger: false });
    await other.ready();
    otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => other?.close());

  it("reaches the committing instance's streams without a read and the other's by a read, in order", async () => {
    const log = { info: () => undefined, warn: () => undefined };
    const rest = httpUofRest(standIn().url, standIn().token);
    const feed = uofFeed({ db: t.db, wallet: t.app.sportsWallet, rest, log, live: t.app.live });
    await producerUp(feed, standIn(), 1, ts());
    // What the committing instance's hub hears on the live channel about sports.
    const heard: { events?: number[]; o?: string }[] = [];
    const handle = t.app.live.handle.bind(t.app.live);
    t.app.live.handle = (payload: string) => {
      const event = JSON.parse(payload) as { k: string; events?: number[]; o?: string };
      if (event.k === 'sports') heard.push(event);
      handle(payload);
    };
    const f = fixture();
    await feed.receive(
      uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where external_id = ${f.id}`,
    );
    const id = Number(row!.id);
    // The listing's own notification (no origin: one by one) heard before the batches, so what is
    // heard after them is theirs alone.
    await vi.waitFor(() => expect(heard.some((e) => !e.o && e.events?.includes(id))).toBe(true), {
      timeout: 5_000,
    });
    const mark = heard.length;
    const here = await openSse(`${t.config.publicUrl}/sports/live?events=${id}`, {});
    const there = await openSse(`${otherUrl}/sports/live?events=${id}`, {});
    for (const s of [here, there])
      await waitForLive(s, id, () => livePriceOf(s.events, id, 'home') === '21/10');

    // Two batches in one call each: every stream ends on the second's price, never back on the first's.
    const moves = (home: string) =>
      [ts(), ts()].map((at) =>
        uof.oddsChange({ product: 1, eventId: f.id, timestamp: at }, only1x2(home, '3.40', '3.60')),
      );
    expect((await feed.receiveBatch(moves('2.50'))).map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect((await feed.receiveBatch(moves('2.75'))).map((r) => r.outcome)).toEqual(['applied', 'applied']);
    for (const s of [here, there])
      await waitForLive(s, id, () => livePriceOf(s.events, id, 'home') === '11/4');
    // The committing instance was told by its notifications that it pushed these itself.
    const theirs = heard.slice(mark).filter((e) => !e.events || e.events.includes(id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.o === t.app.live.origin)).toBe(true);
    const prices = (events: typeof here.events) =>
      events.flatMap((_, i) => livePriceOf(events.slice(0, i + 1), id, 'home') ?? []);
    for (const s of [here, there]) {
      const seen = [...new Set(prices(s.events))];
      expect(seen.at(-1)).toBe('11/4');
      expect(seen.indexOf('5/2')).toBeLessThanOrEqual(seen.indexOf('11/4'));
    }

    // A stream opened now (a reconnection) catches up on either instance.
    const again = await openSse(`${t.config.publicUrl}/sports/live?events=${id}`, {});
    await waitForLive(again, id, () => livePriceOf(again.events, id, 'home') === '11/4');
    for (const s of [here, there, again]) s.close();
  });
});
