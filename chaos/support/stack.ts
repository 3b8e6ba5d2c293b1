import pg from 'pg';
import { startServer, type RunningServer } from '../../bench/support/server.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import { type PgCluster, startPgCluster } from '../../test/support/pg-cluster.ts';
import { freePort } from '../../test/support/server-process.ts';
import { listDemoMatches } from './sports.ts';
import { WALLET_SECRET } from './workload.ts';

export interface Stack {
  cluster: PgCluster;
  databaseUrl: string;
  database: Database;
  /** Starts one more server process on the database (on `port`, to come back where it was). */
  server(port?: number): Promise<RunningServer & { port: number }>;
  close(): Promise<void>;
}

/** A PostgreSQL cluster (fsync on) with a migrated database holding the demo games; `serverEnv` for every server. */
export async function startStack(name: string, serverEnv: Record<string, string> = {}): Promise<Stack> {
  const cluster = await startPgCluster({ fsync: true, maxConnections: 200 });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await migrate(database);
  await seedDemo(database.db);
  await listDemoMatches(database.db);
  const servers: RunningServer[] = [];
  const stack: Stack = {
    cluster,
    databaseUrl,
    database,
    async server(port) {
      const chosen = port ?? (await freePort());
      const server = await startServer(
        {
          DATABASE_URL: databaseUrl,
          HOUSE_WALLET_SECRET: WALLET_SECRET,
          DB_POOL_SIZE: '8',
          WEB_ROOT: '/nonexistent',
          ...serverEnv,
        },
        chosen,
      );
      servers.push(server);
      return { ...server, port: chosen };
    },
    async close() {
      for (const server of servers) await server.stop();
      await stack.database.close();
      cluster.stop();
    },
  };
  return stack;
}
