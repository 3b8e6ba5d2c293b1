/**
 * npm run bench:api — the member health check against a route doing one trivial query, on a real
 * PostgreSQL (fsync on), 50 connections for 10 s each. The health check should reach at least 0.8
 * of the trivial route: it costs one database round trip, not several.
 *
 * The reference is `check-user-id`: a member-API POST like the health check (JSON body, contract
 * validation, same hooks) whose whole database work is one indexed lookup. Its per-address limit
 * (a counter written on every call, then 429s after 30) is lifted for this server only
 * (AVAILABILITY_CHECKS_PER_WINDOW=unlimited), so every reference call is that one lookup and succeeds. GET /readyz (`select 1`,
 * no body) is printed as well, as the floor of what one round trip costs through the server.
 *
 * Then it opens 10,000 idle member event streams (GET /api/live, BENCH_IDLE_STREAMS to change) on
 * the same process, counts those that delivered their first state, and runs the health check again
 * beside them.
 *
 * BENCH_PGLITE=1 runs the same against the embedded default (PGlite in a temporary data directory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { openIdleStreams } from './support/idle-streams.ts';
import { benchMember, siteBank } from './support/players.ts';
import { figuresOf, printFigures } from './support/report.ts';
import { startServer } from './support/server.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const MEMBERS = 50;
const IDLE_STREAMS = Number(process.env.BENCH_IDLE_STREAMS ?? 10_000);

const onPglite = process.env.BENCH_PGLITE === '1';

/** Where the server keeps its data: a new PostgreSQL database, or a new PGlite directory. */
async function databaseEnv(): Promise<{ env: Record<string, string>; cluster?: { stop(): void } }> {
  if (onPglite) return { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-api-pglite-')) } };
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : await startPgCluster({ fsync: true });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists bench_api');
  await admin.query('create database bench_api');
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = '/bench_api';
  return { env: { DATABASE_URL: databaseUrl.toString() }, ...(cluster ? { cluster } : {}) };
}

const { env, cluster } = await databaseEnv();
console.log(`database: ${onPglite ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'}`);
const server = await startServer({
  ...env,
  AVAILABILITY_CHECKS_PER_WINDOW: 'unlimited',
  // Thousands of streams from this one address and a few members' sessions.
  LIVE_STREAMS_PER_MEMBER: 'unlimited',
  LIVE_STREAMS_PER_ADDRESS: 'unlimited',
});
try {
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}/api/routes/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, string>>);

  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = benchMember(`bench${i}`, await siteBank(server.url));
    await post('user-register', member);
    const login = await post('user-do-login', { id: member.id, pw: member.pw });
    if (!login.token) throw new Error(`login failed: ${JSON.stringify(login)}`);
    tokens.push(login.token);
  }
  console.log(`${MEMBERS} members logged in; warming up...`);

  let next = 0;
  const run = (opts: autocannon.Options) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  /** The health check with each connection a different member, as in real traffic. */
  const runHealthCheck = (duration = DURATION_S) =>
    run({
      duration,
      url: `${server.url}/api/routes/user-health-check`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      setupClient: (client) => {
        const token = tokens[next++ % tokens.length];
        client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
      },
    });
  const runTrivial = (duration = DURATION_S) =>
    run({
      duration,
      url: `${server.url}/api/routes/check-user-id`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'freeid42' }),
    });
  // Every route measured is warmed up first (JIT, pool connections, plan caches), so order does not decide.
  await run({ url: `${server.url}/readyz`, duration: 2 });
  await runHealthCheck(2);
  await runTrivial(2);
  const health = await runHealthCheck();
  const trivial = await runTrivial();
  const floor = await run({ url: `${server.url}/readyz` });

  // Live updates: idle member event streams one process holds, and the health check beside them.
  const rssBefore = server.rssMb();
  const streams = await openIdleStreams(server.url, tokens, IDLE_STREAMS);
  const rssWith = server.rssMb();
  const healthWithStreams = await runHealthCheck();
  streams.close();

  const rows = [
    figuresOf('user-health-check', health),
    figuresOf('check-user-id (one indexed query)', trivial),
    figuresOf('GET /readyz (select 1, no body)', floor),
    figuresOf(`user-health-check with ${streams.opened} idle SSE streams open`, healthWithStreams),
  ];
  printFigures(rows);
  const ratio = rows[0]!.requestsPerSecond / rows[1]!.requestsPerSecond;
  const floorRatio = rows[0]!.requestsPerSecond / rows[2]!.requestsPerSecond;
  console.log(
    `\n${onPglite ? 'PGlite' : 'PostgreSQL'}: health check / single-query route (check-user-id) = ${ratio.toFixed(2)} (target ≥ 0.80)`,
  );
  console.log(`health check / GET /readyz floor = ${floorRatio.toFixed(2)}`);
  console.log(
    `idle SSE streams held by one process: ${streams.opened} of ${IDLE_STREAMS} (failed ${streams.failed}; target ≥ 10,000); ` +
      `server RSS ${rssBefore} MB before, ${rssWith} MB with them open`,
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // A refused call (a 429, say) is cheap: any of them makes the ratio meaningless.
  const failed = rows.some((r) => r.non2xx > 0 || r.errors > 0);
  if (failed) console.log('FAILED: some requests were refused or failed, so the rates compare unlike work');
  process.exitCode = ratio >= 0.8 && streams.opened >= 10_000 && !failed ? 0 : 1;
} finally {
  await server.stop();
  cluster?.stop();
  if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
}
