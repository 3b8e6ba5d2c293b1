/**
 * npm run bench:feed — the odds feed at 2,000 messages a second through the real adapter path: a
 * throwaway RabbitMQ broker (the system's rabbitmq-server) and PostgreSQL cluster (fsync on), the
 * server as its own process consuming the broker (UOF_AMQP_URL, amqp-consumer.ts → uof-feed.ts), and
 * the UOF REST stand-in answering its fixture and recovery calls. After a warm-up that lists every
 * event, BENCH_FEED_MEMBERS (1,000) members open the sports window's stream (`/sports/live`), each
 * watching BENCH_FEED_WATCH (5) events, and it publishes `odds_change` messages (1X2 and total 2.5,
 * new prices each) at BENCH_FEED_RATE (2,000) a second for BENCH_FEED_SECONDS (10) over
 * BENCH_FEED_EVENTS (200) events, waits until the book has recorded every one, and prints:
 *  - the publish rate reached, and the rate the book applied them (from its first to its last);
 *  - the lag from publication to the book's record of each message (sb_uof_messages.received_at,
 *    the time its transaction began, less the message's timestamp, set when it was published);
 *  - the lag from publication to the member's stream: for each frame a member received that moved an
 *    event's 1X2 prices (`event`, or a `delta` applied to what it holds), its arrival less the
 *    publication of the message whose prices it shows;
 *  - the outcomes (applied, stale, rejected), and whether every event's last published prices landed
 *    in the book and in every stream watching it;
 *  - the latency by stage (the server's stage stamps, FEED_STAMPS_FILE, support/feed-stages.ts) and
 *    the CPU per message of the server, this cluster's PostgreSQL, RabbitMQ and the bench itself.
 * Run twice side by side in one go: first one message per transaction (`UOF_MAX_BATCH=1`, for
 * BENCH_FEED_BEFORE_SECONDS, 3 s; 0 skips it), then a lane's queued messages per transaction.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import amqp from 'amqplib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import type { FeedStampsData } from '../src/server/providers/sports/feed-stamps.ts';
import * as uof from '../src/server/providers/sports/uof/uof-build.ts';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { startRabbitmq } from '../test/support/rabbitmq.ts';
import { startUofRestStandIn } from '../test/support/uof-rest-standin.ts';
import { cpuWindow, printCpuSplit } from './support/cpu-split.ts';
import { stageBreakdown } from './support/feed-stages.ts';
import { startServer } from './support/server.ts';

const RATE = Number(process.env.BENCH_FEED_RATE ?? 2_000);
const SECONDS = Number(process.env.BENCH_FEED_SECONDS ?? 10);
const EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 200);
const DRAIN_LIMIT_MS = Number(process.env.BENCH_FEED_DRAIN_MS ?? 300_000);
const MEMBERS = Number(process.env.BENCH_FEED_MEMBERS ?? 1_000);
const WATCH = Number(process.env.BENCH_FEED_WATCH ?? 5);
const BEFORE_SECONDS = Number(process.env.BENCH_FEED_BEFORE_SECONDS ?? 3);
/** Worker threads reading the members' streams (one could not keep up with 1,000: bench/README.md). */
const CLIENT_THREADS = Math.max(1, Number(process.env.BENCH_FEED_CLIENT_THREADS ?? 2));
const EXCHANGE = 'unifiedfeed';
/** Pre-match odds (the live producer would need a live match status). */
const PRODUCT = 3;
const TICK_MS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

console.log('starting PostgreSQL, RabbitMQ and the UOF REST stand-in...');
const [cluster, broker, api] = await Promise.all([
  process.env.BENCH_DATABASE_URL
    ? Promise.resolve(undefined)
    : startPgCluster({ fsync: true, maxConnections: 100, sharedBuffers: '256MB' }),
  startRabbitmq(),
  startUofRestStandIn(randomBytes(8).toString('hex')),
]);
const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = '/bench_feed';
  return url.toString();
})();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('drop database if exists bench_feed');
await admin.query('create database bench_feed');
await admin.end();
const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
await migrate(database);
const db = database.db;
/** This cluster's postmaster (the parent of a backend): its processes are the database's CPU. */
const [backend] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
const postmasterPid = Number(
  readFileSync(`/proc/${backend!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1],
);

const publisher = await amqp.connect(broker.url);
const channel = await publisher.createChannel();
await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
/** As the feed publishes: the routing key names priority, product kind, message type and event. */
const publish = (xml: string, kind: string, event?: string) => {
  const key = event
    ? `-.pre.-.${kind}.1.${event.replace('sr:match:', 'sr:match.')}.-`
    : `-.-.-.${kind}.-.-.-.-`;
  channel.publish(EXCHANGE, key, Buffer.from(xml));
};
api.onRecovery = (r) => publish(uof.snapshotComplete(PRODUCT, Date.now(), r.requestId), 'snapshot_complete');

const events = Array.from({ length: EVENTS }, (_, i) => {
  const n = 70_000_000 + i;
  const f: uof.FixtureInput = {
    id: `sr:match:${n}`,
    startTime: new Date(Date.now() + 2 * 86_400_000),
    sport: { id: 'sr:sport:1', name: 'Soccer' },
    tournament: { id: 'sr:tournament:7001', name: 'Bench League [DEMO]' },
    home: { id: `sr:competitor:${n}1`, name: `Bench Home ${i}` },
    away: { id: `sr:competitor:${n}2`, name: `Bench Away ${i}` },
  };
  api.fixtures.set(f.id, f);
  return f.id;
});
const lastTs = new Map<string, number>();
const lastPrices = new Map<string, string[]>();
/** Milliseconds since the epoch with a fraction, as the server's stage stamps and the members note them. */
const now = () => performance.timeOrigin + performance.now();
/** When each event's prices were published ("urn|1.85,3.40,4.10" → ms). */
const sentAt = new Map<string, number>();
/** The timestamp of the message that published them ("urn|1.85,3.40,4.10" → ts). */
const tsOfPrices = new Map<string, number>();
/** When each message was published ("urn|ts" → ms). */
const publishedAt = new Map<string, number>();
/** A strictly later timestamp per event (the adapter keeps each event's messages in order). */
const nextTs = (event: string) => {
  const ts = Math.max(Date.now(), (lastTs.get(event) ?? 0) + 1);
  lastTs.set(event, ts);
  return ts;
};
const odds = (x: number) => (1.2 + x * 6).toFixed(2);
const oddsChange = (event: string) => {
  const prices = [odds(Math.random()), odds(Math.random()), odds(Math.random())];
  const total = [odds(Math.random() / 4), odds(Math.random() / 4)];
  lastPrices.set(event, prices);
  const ts = nextTs(event);
  const at = now();
  sentAt.set(`${event}|${prices.join(',')}`, at);
  tsOfPrices.set(`${event}|${prices.join(',')}`, ts);
  publishedAt.set(`${event}|${ts}`, at);
  return uof.oddsChange(
    { product: PRODUCT, eventId: event, timestamp: ts },
    {
      markets: [
        { id: 1, outcomes: prices.map((o, i) => ({ id: i + 1, odds: o })) },
        { id: 18, specifiers: 'total=2.5', outcomes: total.map((o, i) => ({ id: 12 + i, odds: o })) },
      ],
    },
  );
};

const serverEnv = {
  DATABASE_URL: dbUrl,
  HOUSE_WALLET_SECRET: randomBytes(32).toString('hex'),
  SPORTS_WALLET_SECRET: randomBytes(32).toString('hex'),
  UOF_AMQP_URL: broker.url,
  UOF_API_URL: api.url,
  UOF_ACCESS_TOKEN: api.token,
  // 1,000 members' sports streams from this one address.
  LIVE_STREAMS_PER_ADDRESS: 'unlimited',
};
const alive = setInterval(() => publish(uof.alive(PRODUCT, Date.now()), 'alive'), 1_000);
const count = async (since: number) => {
  const rows = await queryRows<{ outcome: string; n: number }>(
    db,
    sql`select outcome, count(*)::int as n from sb_uof_messages where kind = 'odds_change' and ts >= ${since} group by outcome`,
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)])) as Record<string, number>;
};
const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
const ms = (v: number | undefined) => `${Math.round(v ?? 0)} ms`;
const spread = (sorted: number[]) =>
  `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1))}`;

interface WatchReport {
  open: number;
  /** The members' threads' CPU time since their streams opened, in microseconds. */
  cpuMicros: number;
  at: number[];
  eventOf: number[];
  pricesOf: string[];
  last: [number, string][][];
}
const ask = <T>(w: Worker, msg: string) =>
  new Promise<T>((resolve) => {
    w.once('message', resolve);
    w.postMessage(msg);
  });

/** The members' streams, shared out over CLIENT_THREADS threads (a contiguous share of members each). */
function openMembers(url: string, members: number[][]) {
  const per = Math.ceil(members.length / CLIENT_THREADS);
  const threads = Array.from(
    { length: CLIENT_THREADS },
    (_, t) =>
      new Worker(new URL('./support/feed-watchers.ts', import.meta.url), {
        workerData: { url, members: members.slice(t * per, (t + 1) * per) },
      }),
  );
  return {
    /** Every thread's answer, merged (in the members' order). */
    async ask(msg: 'open' | 'cpu' | 'report'): Promise<WatchReport> {
      const all = await Promise.all(threads.map((w) => ask<Partial<WatchReport>>(w, msg)));
      return {
        open: all.reduce((a, r) => a + (r.open ?? 0), 0),
        cpuMicros: all.reduce((a, r) => a + (r.cpuMicros ?? 0), 0),
        at: all.flatMap((r) => r.at ?? []),
        eventOf: all.flatMap((r) => r.eventOf ?? []),
        pricesOf: all.flatMap((r) => r.pricesOf ?? []),
        last: all.flatMap((r) => r.last ?? []),
      };
    },
    async close() {
      for (const w of threads) w.postMessage('close');
      await Promise.all(threads.map((w) => w.terminate()));
    },
  };
}

/** One run: the server with `maxBatch` messages per transaction at most, publishing for `seconds`. */
async function phase(label: string, maxBatch: number, seconds: number, first: boolean): Promise<boolean> {
  console.log(`\n== ${label} (UOF_MAX_BATCH=${maxBatch}) ==`);
  const stampsFile = join(tmpdir(), `bench-feed-stamps-${process.pid}-${maxBatch}.json`);
  const server = await startServer({
    ...serverEnv,
    UOF_MAX_BATCH: String(maxBatch),
    FEED_STAMPS_FILE: stampsFile,
  });
  let watchers: ReturnType<typeof openMembers> | undefined;
  try {
    console.log('waiting for the producer to be up (alive, recovery, snapshot_complete)...');
    for (let i = 0; ; i++) {
      const [p] = await queryRows<{ state: string }>(
        db,
        sql`select state from sb_uof_producers where product = ${PRODUCT}`,
      );
      if (p?.state === 'up') break;
      if (i > 600) throw new Error('the producer never came up');
      await sleep(100);
    }
    if (first) {
      console.log(
        `warm-up: one odds_change for each of ${EVENTS} events (each fixture read from the REST stand-in)...`,
      );
      const warmFrom = Date.now();
      for (const event of events) publish(oddsChange(event), 'odds_change', event);
      while (total(await count(warmFrom)) < EVENTS) await sleep(200);
    }
    const ids = await queryRows<{ id: number; external_id: string }>(
      db,
      sql`select id, external_id from sb_events where external_id like 'sr:match:7%' order by id`,
    );
    const urnOf = new Map(ids.map((r) => [Number(r.id), r.external_id]));
    const bookIds = ids.map((r) => Number(r.id));
    const members = Array.from({ length: MEMBERS }, (_, i) =>
      Array.from(
        { length: Math.min(WATCH, bookIds.length) },
        (_, k) => bookIds[(i * WATCH + k) % bookIds.length]!,
      ),
    );
    watchers = openMembers(server.url, members);
    for (let i = 0; ; i++) {
      const { open } = await watchers.ask('open');
      if (open >= MEMBERS) break;
      if (i > 600) throw new Error(`only ${open} of ${MEMBERS} streams opened`);
      await sleep(100);
    }
    console.log(
      `${MEMBERS} members watching ${WATCH} events each; publishing ${RATE} odds_change/s for ${seconds} s over ${EVENTS} events...`,
    );
    const start = Date.now();
    const cpu = cpuWindow();
    const { cpuMicros: clientCpuBefore } = await watchers.ask('cpu');
    let sent = 0;
    let turn = 0;
    while (Date.now() - start < seconds * 1_000) {
      const due = Math.floor(((Date.now() - start) / 1_000) * RATE);
      for (; sent < due; sent++) {
        const event = events[turn++ % EVENTS]!;
        publish(oddsChange(event), 'odds_change', event);
      }
      await sleep(TICK_MS);
    }
    const publishedIn = (Date.now() - start) / 1_000;
    console.log(
      `published ${sent} in ${publishedIn.toFixed(1)} s (${Math.round(sent / publishedIn)}/s); waiting for the book...`,
    );
    const until = Date.now() + DRAIN_LIMIT_MS;
    let seen = 0;
    for (;;) {
      seen = total(await count(start));
      if (seen >= sent || Date.now() > until) break;
      await sleep(500);
    }
    await sleep(1_000); // the streams' last pushes
    const split = cpu.end(
      sent,
      {
        'server (main + parser threads)': server.pid,
        'broker (RabbitMQ)': 'beam.smp',
        'bench (publisher + members)': process.pid,
      },
      undefined,
      postmasterPid,
    );
    const outcomes = await count(start);
    const [span] = await queryRows<{ first: number; last: number }>(
      db,
      sql`select extract(epoch from min(received_at)) * 1000 as first, extract(epoch from max(received_at)) * 1000 as last
          from sb_uof_messages where kind = 'odds_change' and ts >= ${start}`,
    );
    const lags = (
      await queryRows<{ lag: number }>(
        db,
        sql`select extract(epoch from received_at) * 1000 - ts as lag from sb_uof_messages
            where kind = 'odds_change' and ts >= ${start} order by 1`,
      )
    ).map((r) => Number(r.lag));
    const landed = await queryRows<{ external_id: string; prices: string }>(
      db,
      sql`select e.external_id, string_agg((s.price_num::numeric / s.price_den)::numeric(10, 2)::text, ',' order by s.sort_order) as prices
          from sb_events e join sb_markets m on m.event_id = e.id and m.type = '1x2' join sb_selections s on s.market_id = m.id
          where e.external_id like 'sr:match:7%' group by e.external_id`,
    );
    const wrong = landed.filter((r) => r.prices !== lastPrices.get(r.external_id)?.join(',')).length;
    const report = await watchers.ask('report');
    const streamLags: number[] = [];
    for (let i = 0; i < report.at.length; i++) {
      const published = sentAt.get(`${urnOf.get(report.eventOf[i]!)}|${report.pricesOf[i]}`);
      if (published !== undefined && published >= start) streamLags.push(report.at[i]! - published);
    }
    // The stage stamps are written when the server exits.
    await server.stop();
    const stamps = JSON.parse(readFileSync(stampsFile, 'utf8')) as FeedStampsData;
    rmSync(stampsFile, { force: true });
    const stages = stageBreakdown(stamps, publishedAt, tsOfPrices, urnOf, report, start);
    streamLags.sort((a, b) => a - b);
    let watched = 0;
    let stale = 0;
    report.last.forEach((entries, i) => {
      const got = new Map(entries);
      for (const id of members[i]!) {
        watched++;
        if (got.get(id) !== lastPrices.get(urnOf.get(id)!)?.join(',')) stale++;
      }
    });
    const appliedSeconds = (Number(span!.last) - Number(span!.first)) / 1_000;
    console.log('');
    console.log(
      `published            ${sent} odds_change in ${publishedIn.toFixed(1)} s = ${Math.round(sent / publishedIn)}/s (target ${RATE}/s)`,
    );
    console.log(
      `recorded by the book ${seen} of ${sent}${seen < sent ? ` (gave up after ${DRAIN_LIMIT_MS / 1000} s)` : ''}`,
    );
    console.log(
      `book's rate          ${Math.round(seen / Math.max(appliedSeconds, 0.001))}/s (first to last record, ${appliedSeconds.toFixed(1)} s)`,
    );
    console.log(`outcomes             ${JSON.stringify(outcomes)}`);
    console.log(`lag publish→book     ${spread(lags)} (the record's transaction start)`);
    console.log(
      `lag publish→stream   ${spread(streamLags)} over ${streamLags.length} frames to ${report.open} open streams`,
    );
    console.log(
      `prices landed        book: ${landed.length - wrong} of ${EVENTS} events show their last published 1X2 prices${wrong ? ` (${wrong} do not)` : ''}; streams: ${watched - stale} of ${watched} (member, event) pairs`,
    );
    console.log(`\nlatency by stage (the server's stage stamps, FEED_STAMPS_FILE):`);
    for (const line of stages) console.log(line);
    console.log('');
    printCpuSplit('CPU from the first publication to the last record, per message', split);
    const clientCpu = report.cpuMicros - clientCpuBefore;
    console.log(
      `  of which the members' ${CLIENT_THREADS} thread(s) (${MEMBERS} streams read, parsed and applied) ${(clientCpu / Math.max(1, sent)).toFixed(0)} µs/message`,
    );
    console.log(
      `load average         ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    return seen >= sent && wrong === 0 && landed.length === EVENTS && stale === 0;
  } finally {
    await watchers?.close();
    await server.stop();
  }
}

try {
  let ok = true;
  if (BEFORE_SECONDS > 0)
    ok = (await phase('before: one message per transaction', 1, BEFORE_SECONDS, true)) && ok;
  ok =
    (await phase("after: a lane's queued messages per transaction", 500, SECONDS, BEFORE_SECONDS <= 0)) && ok;
  if (!ok) process.exitCode = 1;
} finally {
  clearInterval(alive);
  await publisher.close().catch(() => undefined);
  await database.close();
  await Promise.all([broker.stop(), api.close()]);
  await cluster?.stop();
}
