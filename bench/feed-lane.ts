/**
 * The feed's lane path without the broker or the streams: 2,000 `odds_change` messages (the shapes
 * bench:feed publishes) handed to `feed.receiveBatch` by 8 lanes at once, as the AMQP consumer does,
 * on a throwaway PostgreSQL (fsync on). Prints the wall time, the main thread's CPU time (what the
 * server's one thread would spend; `process.threadCpuUsage`) and per message, and the process's CPU.
 * A focused figure for a machine too busy for bench:feed's end-to-end one; run it under `--cpu-prof`
 * to see where the main thread goes.
 *   node --import tsx bench/feed-lane.ts            BENCH_LANE_MESSAGES (2000), BENCH_LANE_BATCH (50)
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import type { SportsWallet } from '../src/server/providers/sports/sports-wallet.ts';
import * as uof from '../src/server/providers/sports/uof/uof-build.ts';
import { uofFeed } from '../src/server/providers/sports/uof/uof-feed.ts';
import { uofParserPool } from '../src/server/providers/sports/uof/uof-parse-pool.ts';
import { httpUofRest } from '../src/server/providers/sports/uof/uof-rest.ts';
import { parseUofMessage } from '../src/server/providers/sports/uof/uof-xml.ts';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { producerUp } from '../test/support/uof.ts';
import { startUofRestStandIn } from '../test/support/uof-rest-standin.ts';

/** Every statement the server sends PostgreSQL goes through a pg Client's query: counted, as round trips. */
let roundTrips = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const MESSAGES = Number(process.env.BENCH_LANE_MESSAGES ?? 2_000);
const BATCH = Number(process.env.BENCH_LANE_BATCH ?? 50);
const EVENTS = 200;
const LANES = 8;
const PRODUCT = 3;
/** `inline` parses on the main thread (as before the worker pool). */
const PARSE = process.env.BENCH_LANE_PARSE ?? 'pool';

const [cluster, api] = await Promise.all([
  startPgCluster({ fsync: true, maxConnections: 50, sharedBuffers: '128MB' }),
  startUofRestStandIn(randomBytes(8).toString('hex')),
]);
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
await admin.query('create database bench_lane');
const backend = Number((await admin.query('select pg_backend_pid() as pid')).rows[0].pid);
/** The fields of /proc/<pid>/stat after the process's name. */
const statOf = (pid: string) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
/** This cluster's postmaster: the parent of a backend (the machine runs other clusters too). */
const postmaster = statOf(String(backend))[1]!;
// Read while the backend still lives (its /proc entry goes with it).
await admin.end();
/** CPU time so far of this cluster's processes (the postmaster and its children), in clock ticks. */
const clusterTicks = () => {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e)))
    try {
      const f = statOf(pid);
      if (pid === postmaster || f[1] === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // ended meanwhile
    }
  return ticks;
};
const url = new URL(cluster.url);
url.pathname = '/bench_lane';
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: LANES });
await migrate(database);
const log = { info: () => undefined, warn: (o: object, m: string) => console.warn(m, o) };
const pool = PARSE === 'pool' ? uofParserPool() : undefined;
/** Selections the batches handed to the (stand-in) live hub from their commits. */
let handedOver = 0;
const feed = uofFeed({
  db: database.db,
  // An odds_change batch never reaches the wallet (no settlement).
  wallet: {} as SportsWallet,
  rest: httpUofRest(api.url, api.token),
  log,
  ...(pool ? { parse: pool.parseMany } : {}),
  // As main.ts wires it: the batch in one call answers what it changed and hands it to the hub (here
  // a stand-in that only counts), its notifications naming this process.
  live: {
    origin: 'bench-feed-lane',
    sportsCommitted: (c) => {
      handedOver += c.selections.length;
    },
    sportsMissed: () => undefined,
  },
});
await producerUp(feed, api, PRODUCT, Date.now());

const events = Array.from({ length: EVENTS }, (_, i) => {
  const n = 71_000_000 + i;
  api.fixtures.set(`sr:match:${n}`, {
    id: `sr:match:${n}`,
    startTime: new Date(Date.now() + 2 * 86_400_000),
    sport: { id: 'sr:sport:1', name: 'Soccer' },
    tournament: { id: 'sr:tournament:7101', name: 'Lane League [DEMO]' },
    home: { id: `sr:competitor:${n}1`, name: `Lane Home ${i}` },
    away: { id: `sr:competitor:${n}2`, name: `Lane Away ${i}` },
  });
  return `sr:match:${n}`;
});
let ts = Date.now();
const odds = () => (1.2 + Math.random() * 6).toFixed(2);
const message = (event: string) =>
  uof.oddsChange(
    { product: PRODUCT, eventId: event, timestamp: ++ts },
    {
      markets: [
        { id: 1, outcomes: [1, 2, 3].map((id) => ({ id, odds: odds() })) },
        { id: 18, specifiers: 'total=2.5', outcomes: [12, 13].map((id) => ({ id, odds: odds() })) },
      ],
    },
  );
// Every event listed and priced first (its fixture read, its markets opened): the run measures moves.
for (let i = 0; i < EVENTS; i += 20) await feed.receiveBatch(events.slice(i, i + 20).map((e) => message(e)));

const xmls = Array.from({ length: MESSAGES }, (_, i) => message(events[i % EVENTS]!));
const parseCpu = process.threadCpuUsage();
for (const x of xmls) parseUofMessage(x);
const parseUsed = process.threadCpuUsage(parseCpu);
const parseMs = (parseUsed.user + parseUsed.system) / 1000;

// Each event in one lane (as the consumer's hash does), each lane's messages in batches of BATCH.
const lanes: string[][] = Array.from({ length: LANES }, () => []);
for (const [i, x] of xmls.entries()) lanes[(i % EVENTS) % LANES]!.push(x);
const elu0 = performance.eventLoopUtilization();
const cpu0 = process.cpuUsage();
const main0 = process.threadCpuUsage();
const trips0 = roundTrips;
const db0 = clusterTicks();
const t0 = performance.now();
const outcomes = new Map<string, number>();
await Promise.all(
  lanes.map(async (lane) => {
    for (let i = 0; i < lane.length; i += BATCH)
      for (const r of await feed.receiveBatch(lane.slice(i, i + BATCH)))
        outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  }),
);
const wall = performance.now() - t0;
const trips = roundTrips - trips0;
// Clock ticks of 10 ms (CLK_TCK 100 on Linux).
const dbMs = (clusterTicks() - db0) * 10;
const batches = lanes.reduce((n, lane) => n + Math.ceil(lane.length / BATCH), 0);
const elu = performance.eventLoopUtilization(elu0);
const cpu = process.cpuUsage(cpu0);
const main = process.threadCpuUsage(main0);
const busy = (main.user + main.system) / 1000;
console.log(`parse ${PARSE}, ${MESSAGES} messages, ${LANES} lanes, batches of ${BATCH}`);
console.log(`outcomes             ${JSON.stringify(Object.fromEntries(outcomes))}`);
console.log(`wall                 ${wall.toFixed(0)} ms (${((MESSAGES / wall) * 1000).toFixed(0)}/s)`);
console.log(
  `main thread CPU      ${busy.toFixed(0)} ms (${((busy / MESSAGES) * 1000).toFixed(0)} µs a message; busy ${elu.active.toFixed(0)} ms by the event loop, waits for a core included)`,
);
console.log(
  `process CPU          ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (all threads, without PostgreSQL)`,
);
console.log(
  `round trips          ${trips} (${(trips / batches).toFixed(1)} a batch of ${BATCH}, ${batches} batches; BEGIN and COMMIT included)`,
);
console.log(
  `PostgreSQL CPU       ${dbMs} ms (${((dbMs / MESSAGES) * 1000).toFixed(0)} µs a message; this cluster's processes, 10 ms ticks)`,
);
console.log(`handed to the hub    ${handedOver} selections moved, from the commits (no read)`);
console.log(`parse alone, inline  ${((parseMs / MESSAGES) * 1000).toFixed(0)} µs CPU a message`);
console.log(
  `load average         ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// The work it claims: every message applied, and recorded once by the book.
const [recorded] = await queryRows<{ n: number }>(
  database.db,
  sql`select count(*)::int as n from sb_uof_messages where outcome = 'applied'`,
);
const applied = outcomes.get('applied') ?? 0;
const bookApplied = (recorded?.n ?? 0) - EVENTS;
console.log(
  `applied              ${applied} of ${MESSAGES} by the replies, ${bookApplied} recorded by the book`,
);
if (applied !== MESSAGES || bookApplied !== MESSAGES) {
  console.log('FAILED: not every message was applied and recorded once');
  process.exitCode = 1;
}
await pool?.close();
await database.close();
await api.close();
await cluster.stop();
