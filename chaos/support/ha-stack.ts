import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningServer, startServer } from '../../bench/support/server.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import { freePort } from '../../test/support/server-process.ts';
import { listDemoMatches } from './sports.ts';
import { WALLET_SECRET } from './workload.ts';

const ROOT = join(import.meta.dirname, '../..');

/** deploy/up.sh's topology (etcd, Patroni × 2, HAProxy, pgbouncer) in a directory of its own. */
export interface HaStack {
  /** pgbouncer (transaction pooling), HAProxy's primary port, and pgbouncer's replica database. */
  urls: { pooled: string; direct: string; replica: string };
  /** The test's own handle, on the direct URL (HAProxy to the primary): reopen it after a failover. */
  database: Database;
  reopen(): Promise<Database>;
  /** The Patroni node that is primary now (its REST URL and its postmaster's pid), if any. */
  primary(): Promise<{ name: string; rest: string; pid: number } | undefined>;
  /** Patroni's view of the cluster: each member's role and state. */
  members(): Promise<{ name: string; role: string; state: string }[]>;
  server(port?: number): Promise<RunningServer & { port: number }>;
  close(): Promise<void>;
}

function readEnv(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return env;
}

export async function startHaStack(dir: string, portBase: number): Promise<HaStack> {
  const env = { ...process.env, DEPLOY_DIR: dir, DEPLOY_PORT_BASE: String(portBase) };
  const down = () => execFileSync(join(ROOT, 'deploy/down.sh'), ['--purge'], { env, stdio: 'inherit' });
  try {
    execFileSync(join(ROOT, 'deploy/up.sh'), ['--no-apps'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    down();
    throw error;
  }
  const urlsEnv = readEnv(join(dir, 'urls.env'));
  const urls = {
    pooled: urlsEnv.DATABASE_URL!,
    direct: urlsEnv.DATABASE_DIRECT_URL!,
    replica: urlsEnv.DATABASE_REPLICA_URL!,
  };
  const rests = urlsEnv.PATRONI_URLS!.split(',');
  const open = () => openDatabase({ databaseUrl: urls.direct, poolSize: 4 });
  const database = await open();
  await migrate(database);
  await seedDemo(database.db);
  await listDemoMatches(database.db);
  const servers: RunningServer[] = [];
  const stack: HaStack = {
    urls,
    database,
    async reopen() {
      await stack.database.close().catch(() => {});
      stack.database = await open();
      return stack.database;
    },
    async primary() {
      for (const [i, rest] of rests.entries()) {
        const res = await fetch(`${rest}/primary`, { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);
        if (!res?.ok) continue;
        const name = `pg${i + 1}`; // up.sh lists the nodes' REST URLs in order
        const pid = Number(readFileSync(join(dir, name, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
        return { name, rest, pid };
      }
      return undefined;
    },
    async members() {
      for (const rest of rests) {
        const res = await fetch(`${rest}/cluster`, { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);
        if (res?.ok) return ((await res.json()) as { members: { name: string; role: string; state: string }[] }).members;
      }
      return [];
    },
    async server(port) {
      const chosen = port ?? (await freePort());
      const server = await startServer(
        {
          DATABASE_URL: urls.pooled,
          DATABASE_DIRECT_URL: urls.direct,
          DATABASE_REPLICA_URL: urls.replica,
          HOUSE_WALLET_SECRET: WALLET_SECRET,
          DB_POOL_SIZE: '8',
          WEB_ROOT: '/nonexistent',
        },
        chosen,
      );
      servers.push(server);
      return { ...server, port: chosen };
    },
    async close() {
      for (const server of servers) await server.stop();
      await stack.database.close().catch(() => {});
      down();
    },
  };
  return stack;
}

/** Whether HAProxy's primary port reaches a writable PostgreSQL now (a fresh connection each time). */
export async function primaryAnswers(directUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ writable: boolean }>('select not pg_is_in_recovery() as writable');
    return rows[0]?.writable === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
