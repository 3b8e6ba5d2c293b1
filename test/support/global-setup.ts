import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { pgBinariesAvailable, startPgCluster } from './pg-cluster.ts';

export const TEMPLATE_DB = 'casino_template';

declare module 'vitest' {
  export interface ProvidedContext {
    backend: 'pglite' | 'postgres';
    /** PGlite: a migrated data-dir snapshot each test file starts from. */
    pgliteSnapshot: string;
    /** PostgreSQL: superuser URL; each test file clones TEMPLATE_DB. Empty when unavailable. */
    pgAdminUrl: string;
  }
}

async function pgliteSnapshot(): Promise<string> {
  const database = await openDatabase({});
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('gzip');
  await database.close();
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `pglite-snapshot-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  return file;
}

async function migratedTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DB}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await migrate(database);
  await database.close();
}

/** Prepares the database the project's tests run on: a PGlite snapshot or a PostgreSQL template. */
export default async function setup(project: TestProject) {
  const backend = project.config.env.DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';
  project.provide('backend', backend);
  project.provide('pgliteSnapshot', '');
  project.provide('pgAdminUrl', '');
  if (backend === 'pglite') {
    project.provide('pgliteSnapshot', await pgliteSnapshot());
    return;
  }
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => void) | undefined;
  if (!adminUrl) {
    if (!pgBinariesAvailable()) {
      if (process.env.REQUIRE_POSTGRES === '1') {
        // CI sets it: there the real-PostgreSQL tests may never be skipped silently.
        throw new Error(
          'REQUIRE_POSTGRES=1, but PostgreSQL 15 binaries are not found and TEST_DATABASE_URL is unset',
        );
      }
      console.warn(
        '\n*** PostgreSQL 15 binaries not found and TEST_DATABASE_URL unset: the postgres run is SKIPPED; the PGlite run still counts. ***\n',
      );
      return;
    }
    const cluster = await startPgCluster({ fsync: false });
    adminUrl = cluster.url;
    stop = cluster.stop;
  }
  await migratedTemplate(adminUrl);
  project.provide('pgAdminUrl', adminUrl);
  return () => stop?.();
}
