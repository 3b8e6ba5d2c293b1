/**
 * npm run bench:wallet-wal — where a wallet operation's WAL goes (issue 34): bench:wallet's bet+win
 * load in process (no HTTP, no pgbench) for a few seconds on a throwaway PostgreSQL (fsync on), then
 * pg_walinspect's records over that window grouped by record type and by relation, per operation.
 * A count, not a timing: it does not follow the machine's load. BENCH_SECONDS (5), BENCH_CLIENTS (16).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed-demo.ts';
import { auditLedger, isLedgerSound } from '../src/server/modules/ledger/ledger.audit.ts';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { inProcessWalletLoad } from './support/in-process-wallet.ts';
import { fundedPlayer } from './support/players.ts';
import { startServer } from './support/server.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PLAYERS = 64;

const cluster = await startPgCluster({ fsync: true, maxConnections: 200, sharedBuffers: '256MB' });
const database = await openDatabase({ databaseUrl: cluster.url, poolSize: Math.max(10, CLIENTS) });
await migrate(database);
await seedDemo(database.db);
const server = await startServer({
  DATABASE_URL: cluster.url,
  HOUSE_WALLET_SECRET: randomBytes(32).toString('hex'),
  DB_POOL_SIZE: '4',
});
try {
  const { db } = database;
  await db.execute(sql`create extension if not exists pg_walinspect`);
  const gameTokens: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const player = await fundedPlayer(db, server.url, `walwallet${i}`);
    gameTokens.push(await player.gameToken('lucky-sevens', 'royal-slots'));
  }
  // A warm-up, so that the window measures the steady state (each member's day row exists, and so on).
  await inProcessWalletLoad({ db, gameTokens, clients: CLIENTS, seconds: 1 });
  await db.execute(sql`checkpoint`);
  const lsn = async () =>
    (await queryRows<{ lsn: string }>(db, sql`select pg_current_wal_insert_lsn()::text as lsn`))[0]!.lsn;
  const start = await lsn();
  const load = await inProcessWalletLoad({ db, gameTokens, clients: CLIENTS, seconds: SECONDS });
  const end = await lsn();
  const ops = load.operations;
  console.log(`${ops} operations in process (${load.failures} failed pairs), ${start} → ${end}`);

  const byType = await queryRows<{ type: string; records: number; bytes: number }>(
    db,
    sql`select resource_manager || '/' || record_type as type, count(*)::float8 as records,
               sum(record_length)::float8 as bytes
        from pg_get_wal_records_info(${start}::pg_lsn, ${end}::pg_lsn)
        group by 1 order by 2 desc`,
  );
  // The relation of a record's first block (rel spc/db/relfilenode), named from pg_class.
  const byRelation = await queryRows<{ relation: string; type: string; records: number }>(
    db,
    sql`with r as (
          select resource_manager || '/' || record_type as type,
                 (regexp_match(block_ref, 'rel [0-9]+/[0-9]+/([0-9]+)'))[1]::oid as node
          from pg_get_wal_records_info(${start}::pg_lsn, ${end}::pg_lsn))
        select coalesce(c.relname, r.node::text, '-') as relation, r.type, count(*)::float8 as records
        from r left join pg_class c on c.relfilenode = r.node
        group by 1, 2 order by 3 desc`,
  );
  const per = (n: number) => (n / ops).toFixed(2);
  const total = byType.reduce((s, r) => s + Number(r.records), 0);
  const bytes = byType.reduce((s, r) => s + Number(r.bytes), 0);
  console.log(`\nWAL per operation: ${per(total)} records, ${(bytes / ops).toFixed(0)} bytes\n`);
  console.log('| record type | per operation |\n|---|---:|');
  for (const r of byType)
    if (Number(r.records) / ops >= 0.01) console.log(`| ${r.type} | ${per(r.records)} |`);
  console.log('\n| relation | record type | per operation |\n|---|---|---:|');
  for (const r of byRelation)
    if (Number(r.records) / ops >= 0.01) console.log(`| ${r.relation} | ${r.type} | ${per(r.records)} |`);
  const audit = await auditLedger(db);
  console.log(
    `\nledger ${isLedgerSound(audit) ? 'SOUND' : 'BROKEN'}; jackpot problems: ${audit.jackpot.problems.length}`,
  );
  process.exitCode = isLedgerSound(audit) && load.failures === 0 ? 0 : 1;
} finally {
  await server.stop();
  await database.close();
  cluster.stop();
}
