import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.ts';
import { verifyAppliedMigrations } from './migration-checksums.ts';
import { applySqlFunctions, functionsRoot } from './sql-functions.ts';
import { pgliteRunner, pgRunner } from './sql-runner.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: processes starting together take turns on it. */
const MIGRATION_LOCK = 727_001;

export interface MigrationFolders {
  migrations?: string;
  /** Where to look for the SQL function files (each `sql/<name>.sql` below it); the server's folder by default. */
  functions?: string;
  /** The currency existing sites and accounts take in migration 0020: `CURRENCY`, else KRW. */
  currency?: string;
}

/** Migration 0020 reads the configured currency from this session setting. */
const currencySetting = (folders: MigrationFolders) => folders.currency ?? process.env.CURRENCY ?? 'KRW';

/**
 * Checks the applied history, applies the committed SQL migrations that have not run yet, then the
 * SQL function files that changed; safe to call on every start (PostgreSQL: under one lock).
 */
export async function migrate(database: Database, folders: MigrationFolders = {}): Promise<void> {
  const migrations = folders.migrations ?? migrationsFolder;
  const functions = folders.functions ?? functionsRoot;
  if (database.kind === 'pglite') {
    const sql = pgliteRunner((database.db as unknown as { $client: PGlite }).$client);
    await verifyAppliedMigrations(sql, migrations);
    await sql.rows("select set_config('app.currency', $1, false)", [currencySetting(folders)]);
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrations });
    await applySqlFunctions(sql, functions);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const sql = pgRunner(client);
    await verifyAppliedMigrations(sql, migrations);
    await sql.rows("select set_config('app.currency', $1, false)", [currencySetting(folders)]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrations });
    await applySqlFunctions(sql, functions);
  } finally {
    await client.end();
  }
}
