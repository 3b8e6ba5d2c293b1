import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { type Broker, rabbitmqOrSkip, startRabbitmq } from '../../../../../test/support/rabbitmq.ts';
import { slipId } from '../../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable, isPostgres } from '../../../../../test/support/test-db.ts';
import { footballFixture, mainMarkets, only1x2 } from '../../../../../test/support/uof.ts';
import { startUofRestStandIn, type UofRestStandIn } from '../../../../../test/support/uof-rest-standin.ts';
import { queryRows } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import * as uof from './uof-build.ts';
import { type runUofFeed, runUofFeed as startFeed } from './uof-runner.ts';

/**
 * The adapter on a real RabbitMQ broker (the system's rabbitmq-server, started here on a free port):
 * what the feed publishes on its topic exchange reaches the book through amqplib, once and in order;
 * alive messages stopping take the producer's markets down within seconds, and its recovery (asked of
 * the REST stand-in, answered over the broker) brings them back. Once per run, on PostgreSQL: the
 * broker takes most of a minute to boot.
 */
const EXCHANGE = 'unifiedfeed';
describe.runIf(backendAvailable && isPostgres && rabbitmqOrSkip())('the UOF adapter on a real broker', () => {
  const { t, sportsApi, newPlayer, eventSelections } = useSportsApp();
  let broker: Broker;
  let api: UofRestStandIn;
  let publisher: ChannelModel;
  let channel: Channel;
  let running: ReturnType<typeof runUofFeed>;
  let heartbeat: NodeJS.Timeout | undefined;
  let clock = Date.now();
  const ts = () => (clock += 1_000);

  /** Publishes as the feed does: the routing key names priority, producer kind, message type and event. */
  const publish = (xml: string) => {
    const kind = /<([a-z_]+)[\s/>]/.exec(xml.replace(/^<\?xml[^>]*>/, ''))?.[1] ?? 'unknown';
    const event = /event_id="([^"]+)"/.exec(xml)?.[1]?.split(':') ?? [];
    const key = event.length
      ? `hi.-.live.${kind}.1.${event[0]}:${event[1]}.${event[2]}.-`
      : `-.-.-.${kind}.-.-.-.-`;
    channel.publish(EXCHANGE, key, Buffer.from(xml));
  };
  const waitFor = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const outcomeOf = async (kind: string, event: string) =>
    queryRows<{ outcome: string }>(
      t.db,
      sql`select outcome from sb_uof_messages where kind = ${kind} and event_urn = ${event} order by ts, key`,
    );
  const marketStatuses = async (urn: string) =>
    (
      await queryRows<{ status: string }>(
        t.db,
        sql`select m.status from sb_markets m join sb_events e on e.id = m.event_id where e.external_id = ${urn} order by m.id`,
      )
    ).map((r) => r.status);

  /** A fixture the feed has priced (its main markets), once the book has all three open. */
  const pricedFixture = async () => {
    const f = footballFixture(api);
    const h = { product: 1, eventId: f.id };
    publish(uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }));
    await waitFor(
      () => marketStatuses(f.id),
      (s) => s.length === 3 && s.every((x) => x === 'open'),
    );
    return { f, h };
  };

  beforeAll(async () => {
    [broker, api] = await Promise.all([startRabbitmq(), startUofRestStandIn()]);
    publisher = await amqp.connect(broker.url);
    channel = await publisher.createChannel();
    await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
    // The feed answers a recovery by sending what it has, then the request's snapshot_complete.
    api.onRecovery = (r) => {
      publish(uof.snapshotComplete(r.product === 'liveodds' ? 1 : 3, ts(), r.requestId));
    };
    running = startFeed(
      t.db,
      t.app.sportsWallet,
      {
        amqpUrl: broker.url,
        exchange: EXCHANGE,
        bindings: ['#'],
        queue: undefined,
        apiUrl: api.url,
        accessToken: api.token,
        aliveTimeoutMs: 1_500,
      },
      { info: () => undefined, warn: () => undefined },
    );
    await waitFor(
      async () => {
        publish(uof.alive(1, ts()));
        return queryRows<{ state: string }>(t.db, sql`select state from sb_uof_producers where product = 1`);
      },
      (rows) => rows[0]?.state === 'up',
      30_000,
    );
    // The producer's alive every half second, as the feed sends it every few (the last test stops it).
    heartbeat = setInterval(() => publish(uof.alive(1, ts())), 500);
  }, 240_000);
  afterAll(async () => {
    clearInterval(heartbeat);
    await running?.stop();
    await publisher?.close().catch(() => undefined);
    await Promise.all([broker?.stop(), api?.close()]);
  }, 60_000);

  it('applies each message once and in order per event: repeats and older messages change nothing', async () => {
    const f = footballFixture(api);
    const h = { product: 1, eventId: f.id };
    const older = ts();
    const first = uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() });
    publish(first);
    publish(first);
    publish(uof.oddsChange({ ...h, timestamp: older }, only1x2('9.00', '9.00', '9.00')));
    publish('<odds_change product="1" timestamp="1"><odds>');
    const outcomes = await waitFor(
      () => outcomeOf('odds_change', f.id),
      (rows) => rows.length === 2,
    );
    expect(outcomes.map((r) => r.outcome).sort()).toEqual(['applied', 'stale']);
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where external_id = ${f.id}`,
    );
    expect((await eventSelections(Number(e!.id)))['1x2:home']?.price).toBe('21/10');
  });

  it('end to end over the broker: a bet, bet_stop, a settlement with a void factor, its rollback and resettlement', async () => {
    const p = await newPlayer();
    const { f, h } = await pricedFixture();
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where external_id = ${f.id}`,
    );
    const s = await eventSelections(Number(e!.id));
    const bet = (
      await sportsApi('place', {
        token: p.gameToken,
        requestId: slipId(),
        kind: 'single',
        unitStake: 10_000,
        priceChange: 'none',
        legs: [{ selectionId: s['handicap:home']!.id, price: s['handicap:home']!.price }],
      })
    ).json();
    expect(bet.status).toBe('success');
    publish(uof.betStop({ ...h, timestamp: ts() }));
    await waitFor(
      () => marketStatuses(f.id),
      (st) => st.every((x) => x === 'suspended'),
    );
    const cash = () => balancesOf(t, p.token).then((b) => b.cash);
    const hcp = { id: 16, specifiers: 'hcp=-0.25' };
    publish(
      uof.betSettlement({ ...h, timestamp: ts() }, [
        {
          ...hcp,
          outcomes: [
            { id: 1714, result: 0, voidFactor: '0.5' },
            { id: 1715, result: 1, voidFactor: '0.5' },
          ],
        },
      ]),
    );
    expect(await waitFor(cash, (c) => c === 995_000)).toBe(995_000);
    publish(uof.rollbackBetSettlement({ ...h, timestamp: ts() }, [hcp]));
    expect(await waitFor(cash, (c) => c === 990_000)).toBe(990_000);
    publish(
      uof.betSettlement({ ...h, timestamp: ts() }, [
        {
          ...hcp,
          outcomes: [
            { id: 1714, result: 1 },
            { id: 1715, result: 0 },
          ],
        },
      ]),
    );
    expect(await waitFor(cash, (c) => c === 1_009_000)).toBe(1_009_000);
    await expectSoundLedger(t.db);
  });

  it('over the broker: a bet_cancel window voids the legs of bets placed in it only, rollback_bet_cancel restores them, fixture_change moves the start', async () => {
    const p = await newPlayer();
    const [fa, fb] = [footballFixture(api), footballFixture(api)];
    for (const f of [fa, fb])
      publish(uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }));
    for (const f of [fa, fb])
      await waitFor(
        () => marketStatuses(f.id),
        (st) => st.length === 3 && st.every((x) => x === 'open'),
      );
    const idOf = async (urn: string) =>
      Number(
        (await queryRows<{ id: number }>(t.db, sql`select id from sb_events where external_id = ${urn}`))[0]
          ?.id,
      );
    const a = await eventSelections(await idOf(fa.id));
    const b = await eventSelections(await idOf(fb.id));
    const double = () =>
      sportsApi('place', {
        token: p.gameToken,
        requestId: slipId(),
        kind: 'multiple',
        unitStake: 10_000,
        priceChange: 'none',
        legs: [a['1x2:home']!, b['total:over']!].map((x) => ({ selectionId: x.id, price: x.price })),
      }).then((r) => r.json());
    try {
      const early = await double();
      const windowStart = sportsClock.now().getTime() + 30 * 60_000;
      sportsClock.advance(60 * 60_000);
      const late = await double();
      const windowEnd = sportsClock.now().getTime() + 60_000;
      expect([early.status, late.status]).toEqual(['success', 'success']);
      const legs = () =>
        queryRows<{ void_kind: string | null }>(
          t.db,
          sql`select void_kind from sb_bet_legs where bet_id in (${early.betId}, ${late.betId}) order by bet_id, idx`,
        ).then((rows) => rows.map((r) => r.void_kind).join(','));
      publish(
        uof.betCancel({ product: 1, eventId: fa.id, timestamp: ts() }, [{ id: 1 }], {
          start: windowStart,
          end: windowEnd,
        }),
      );
      expect(await waitFor(legs, (v) => v === ',,void,')).toBe(',,void,');
      publish(
        uof.rollbackBetCancel({ product: 1, eventId: fa.id, timestamp: ts() }, [{ id: 1 }], {
          start: windowStart,
          end: windowEnd,
        }),
      );
      expect(await waitFor(legs, (v) => v === ',,,')).toBe(',,,');
    } finally {
      sportsClock.reset();
    }
    const later = new Date(fb.startTime.getTime() + 3_600_000);
    api.fixtures.set(fb.id, { ...fb, startTime: later });
    publish(uof.fixtureChange({ product: 1, eventId: fb.id, timestamp: ts() }, later.getTime()));
    const startsAt = () =>
      queryRows<{ starts_at: Date }>(
        t.db,
        sql`select starts_at from sb_events where external_id = ${fb.id}`,
      ).then((r) => new Date(r[0]!.starts_at).getTime());
    expect(await waitFor(startsAt, (v) => v === later.getTime())).toBe(later.getTime());
    const kinds = await queryRows<{ kind: string }>(
      t.db,
      sql`select distinct kind from sb_uof_messages where outcome = 'applied' order by kind`,
    );
    // Every event message type has now come through the broker and been applied (alive and
    // snapshot_complete move the producer's state, tested above and below).
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining([
        'bet_cancel',
        'bet_settlement',
        'bet_stop',
        'fixture_change',
        'odds_change',
        'rollback_bet_cancel',
        'rollback_bet_settlement',
      ]),
    );
    await expectSoundLedger(t.db);
  });

  it('a backlog of odds does not hold up alive: the producer stays up while the lanes are behind', async () => {
    const fixtures = Array.from({ length: 6 }, () => footballFixture(api));
    for (const f of fixtures)
      publish(uof.oddsChange({ product: 1, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }));
    const urns = fixtures.map((f) => f.id);
    const applied = () =>
      queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from sb_uof_messages where kind = 'odds_change' and event_urn in (${sql.join(
          urns.map((u) => sql`${u}`),
          sql`, `,
        )})`,
      ).then((r) => Number(r[0]?.n));
    expect(await waitFor(applied, (n) => n === urns.length)).toBe(urns.length);
    // The events' cursors held by another transaction for 3 s (twice the alive timeout): every lane
    // with their messages waits, and 300 more queue behind them, in the lanes and in the broker.
    const states: string[] = [];
    const held = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`select event_urn from sb_uof_event_cursor where event_urn in (${sql.join(
          urns.map((u) => sql`${u}`),
          sql`, `,
        )}) for update`,
      );
      for (let i = 0; i < 300; i++) {
        const f = fixtures[i % fixtures.length]!;
        publish(
          uof.oddsChange(
            { product: 1, eventId: f.id, timestamp: ts() },
            { markets: [{ id: 1, outcomes: [{ id: 1, odds: (1.5 + (i % 50) / 10).toFixed(2) }] }] },
          ),
        );
      }
      const until = Date.now() + 3_000;
      while (Date.now() < until) {
        const [p] = await queryRows<{ state: string }>(
          t.db,
          sql`select state from sb_uof_producers where product = 1`,
        );
        states.push(p?.state ?? 'none');
        await new Promise((r) => setTimeout(r, 200));
      }
      // The lanes really were behind: none of the 300 could be recorded meanwhile.
      expect(await applied()).toBe(urns.length);
    });
    await held;
    expect(states.filter((s) => s !== 'up')).toEqual([]);
    expect(states.length).toBeGreaterThan(5);
    expect(await waitFor(applied, (n) => n === urns.length + 300, 30_000)).toBe(urns.length + 300);
  });

  it('alive messages stopping suspend the producer’s markets within seconds; recovery reopens them', async () => {
    const { f } = await pricedFixture();
    clearInterval(heartbeat);
    // No alive for longer than the timeout (1.5 s): the watch (every second) suspends them.
    const stoppedAt = Date.now();
    const down = await waitFor(
      () => marketStatuses(f.id),
      (s) => s.every((x) => x === 'suspended'),
      10_000,
    );
    expect(down.every((x) => x === 'suspended')).toBe(true);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    // Alive again: a recovery from the last alive, answered over the broker; then the markets reopen.
    const asked = api.recoveries.length;
    publish(uof.alive(1, ts()));
    const up = await waitFor(
      () => marketStatuses(f.id),
      (s) => s.every((x) => x === 'open'),
      10_000,
    );
    expect(up.every((x) => x === 'open')).toBe(true);
    expect(api.recoveries.length).toBe(asked + 1);
    expect(api.recoveries.at(-1)?.after).toBeGreaterThan(0);
  });
});
