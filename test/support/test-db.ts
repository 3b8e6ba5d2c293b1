import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { TEMPLATE_DB } from './global-setup.ts';

export const backend = inject('backend');
/** False only for the postgres project on a machine without PostgreSQL: its tests are skipped. */
export const backendAvailable = backend === 'pglite' || inject('pgAdminUrl') !== '';
export const isPostgres = backend === 'postgres';

/** A fresh database with every migration applied, private to the calling test file. */
export async function createTestDatabase(): Promise<Database> {
  if (backend === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ snapshot });
  }
  return cloneDatabase(TEMPLATE_DB);
}

/**
 * PostgreSQL: a copy of a test database as it is now, as the standby a failover promotes holds what the
 * primary had: every session on the source is ended first (a copy needs it idle; its pools reconnect).
 */
export async function copyTestDatabase(source: Database): Promise<Database> {
  const name = new URL(source.url!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  } finally {
    await admin.end();
  }
  return cloneDatabase(name);
}

/** PostgreSQL: a new database copied from `template`, dropped when closed. */
async function cloneDatabase(template: string): Promise<Database> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 40 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database (no app) for the calling test file or describe, closed afterwards: read
 * `.database` inside its tests and hooks.
 */
export function useTestDatabase() {
  const ctx = {} as { database: Database };
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
  });
  afterAll(() => ctx.database?.close());
  return ctx;
}
