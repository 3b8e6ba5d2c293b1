/**
 * npm run bench:scale [-- --members 1000000] — the back office and the member API at scale.
 *
 * Generates N members (default 1,000,000) with ten game rounds each and their ledger (about 14 N
 * transfers), tickets, notes, cash requests, sessions and audit entries, with set-based SQL into a
 * throwaway PostgreSQL cluster (scale-data.ts), then times every member and admin read route (and two
 * operator writes) through HTTP on a real server process: 200 sequential calls each, p50 and p99,
 * against the targets (admin p99 < 100 ms, member p99 < 25 ms). Ends with the ledger audit.
 *
 * --keep leaves the cluster and the database running at the end (to EXPLAIN queries on the data) and
 * prints how to reach and stop it.
 *
 * BENCH_DATABASE_URL uses an existing server instead of a throwaway cluster (a database
 * `bench_scale` is created there and dropped at the end). BENCH_SCALE_CALLS changes the 200.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import pg from 'pg';
import { totpSecretKeyFrom } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { hashPassword } from '../src/server/modules/accounts/passwords.ts';
import { createOperator } from '../src/server/modules/backoffice/operators.service.ts';
import { auditLedger, isLedgerSound } from '../src/server/modules/ledger/ledger.audit.ts';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { type Latency, measure, printLatencies } from './support/latency.ts';
import { dropSecondaryIndexes, generationSteps } from './support/scale-data.ts';
import { sampleMember, scaleRoutes } from './support/scale-routes.ts';
import { startServer } from './support/server.ts';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const MEMBERS = Number(argValue('--members') ?? 1_000_000);
const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 200);
const KEEP = process.argv.includes('--keep');
if (!Number.isSafeInteger(MEMBERS) || MEMBERS < 1000) throw new Error('--members: at least 1000');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const cluster = process.env.BENCH_DATABASE_URL
  ? undefined
  : await startPgCluster({ fsync: true, sharedBuffers: '2GB', maxConnections: 50 });
const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
const root = new pg.Client({ connectionString: adminUrl });
await root.connect();
await root.query('drop database if exists bench_scale');
await root.query('create database bench_scale');
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = '/bench_scale';

const database = await openDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 2 });
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await migrate(database);
  console.log(`generating ${MEMBERS.toLocaleString('en')} members (load average ${load()})`);
  const started = performance.now();
  const gen = new pg.Client({ connectionString: databaseUrl.toString() });
  await gen.connect();
  await gen.query(`set maintenance_work_mem = '1GB'; set work_mem = '256MB'; set synchronous_commit = off`);
  const indexes = await dropSecondaryIndexes(gen);
  for (const step of generationSteps(MEMBERS, await hashPassword('benchpass1'))) {
    const at = performance.now();
    await gen.query(step.sql);
    console.log(`  ${step.label}: ${seconds(at)} s`);
  }
  let at = performance.now();
  for (const def of indexes) await gen.query(def);
  console.log(`  ${indexes.length} secondary indexes rebuilt: ${seconds(at)} s`);
  at = performance.now();
  await gen.query('vacuum (analyze)');
  console.log(`  vacuum analyze: ${seconds(at)} s`);
  const { rows: sizes } = await gen.query<{ size: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  const { rows: counts } = await gen.query<{ transfers: number; rounds: number }>(
    `select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from game_rounds)::int as rounds`,
  );
  await gen.end();
  console.log(
    `generated in ${seconds(started)} s: ${counts[0]!.transfers.toLocaleString('en')} transfers, ` +
      `${counts[0]!.rounds.toLocaleString('en')} rounds, database ${sizes[0]!.size}`,
  );

  // The members the timed calls act for have just been active (a session idle too long is refused).
  const active = Array.from({ length: CALLS + 10 }, (_, i) => 2 * sampleMember(MEMBERS, i));
  await database.db.execute(
    sql.raw(`update sessions set last_seen_at = now() where id in (${active.join(', ')})`),
  );

  const password = 'bench-owner-pass1';
  const { totpSecret } = await createOperator(database.db, totpSecretKeyFrom(process.env), {
    login: 'benchowner',
    password,
    role: 'owner',
  });
  server = await startServer({ DATABASE_URL: databaseUrl.toString() });
  const login = () =>
    fetch(`${server!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server!.url },
      body: JSON.stringify({
        login: 'benchowner',
        password,
        otp: generateSync({ secret: totpSecret }),
        bearer: true,
      }),
    });
  let res = await login();
  if (res.status === 401) res = await login();
  const operatorToken = ((await res.json()) as { token?: string }).token;
  if (!operatorToken) throw new Error(`operator login failed: ${res.status}`);

  console.log(`timing routes, ${CALLS} sequential calls each (load average ${load()})`);
  const results: Latency[] = [];
  for (const route of scaleRoutes({ url: server.url, members: MEMBERS, operatorToken })) {
    const result = await measure(
      route.label,
      route.side,
      route.calls ?? CALLS,
      route.call,
      route.noTarget,
      route.check,
    );
    results.push(result);
    console.log(`  ${result.label}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`);
  }
  const uptime = execFileSync('uptime').toString().trim();
  console.log(`\n${MEMBERS.toLocaleString('en')} members; ${uptime}`);
  const allPass = printLatencies(results);

  at = performance.now();
  const audit = await auditLedger(database.db);
  const sound = isLedgerSound(audit);
  console.log(
    `\nledger audit (${seconds(at)} s): ${audit.transfers.toLocaleString('en')} transfers, total ${audit.totalBalance}, ` +
      `${audit.driftedAccounts.length} drifted, ${audit.negativeMemberAccounts} negative, ` +
      `${audit.malformedTransfers} malformed, jackpot problems ${audit.jackpot.problems.length}: ${sound ? 'sound' : 'NOT SOUND'}`,
  );
  console.log(allPass ? 'every route within its target' : 'some routes miss their target');
  process.exitCode = allPass && sound ? 0 : 1;
} finally {
  await server?.stop();
  await database.close();
  if (KEEP) {
    console.log(`kept: psql ${databaseUrl} (stop with pg_ctl -D <its data dir> stop, then delete the dir)`);
  } else {
    await root.query('drop database if exists bench_scale').catch(() => {});
  }
  await root.end();
  if (!KEEP) cluster?.stop();
}
