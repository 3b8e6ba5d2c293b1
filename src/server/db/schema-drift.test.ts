import { globSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bigint, bigserial, getTableConfig, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendAvailable, createTestDatabase } from '../../../test/support/test-db.ts';
import type { Database } from './client.ts';
import { declaredTables, findSchemaDrift } from './schema-drift/schema-drift.ts';

const serverFolder = fileURLToPath(new URL('..', import.meta.url));
const nameOf = (table: Parameters<typeof getTableConfig>[0]) => getTableConfig(table).name;

/** docs/schema.md: the tables declared in TypeScript are the tables the migrations build. */
describe.runIf(backendAvailable)('the schema declared in TypeScript', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('matches the migrated database: tables, columns, indexes, constraints and foreign keys', async () => {
    expect(await findSchemaDrift(database.db)).toEqual([]);
  });

  it('gathers every table of every *.schema.ts file in src/server/db/schema.ts', async () => {
    const gathered = new Set(declaredTables().map(nameOf));
    const missing: string[] = [];
    const files = globSync('**/*.schema.ts', { cwd: serverFolder });
    expect(files).toContain(join('db', 'migrator.schema.ts'));
    for (const file of files) {
      const module = (await import(pathToFileURL(join(serverFolder, file)).href)) as Record<string, unknown>;
      for (const table of declaredTables(module)) {
        if (!gathered.has(nameOf(table))) missing.push(`${file}: ${nameOf(table)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names each difference when the declarations and the database disagree', async () => {
    // login_throttle as migrated: key text primary key, failures integer not null default 0, window_started_at.
    const loginThrottle = pgTable(
      'login_throttle',
      {
        key: text('key').primaryKey(),
        failures: bigint('failures', { mode: 'number' }).default(1),
        lockedUntil: timestamp('locked_until', { withTimezone: true }),
      },
      (t) => [index('login_throttle_failures').on(t.failures)],
    );
    const jackpotShardsWithoutCheck = pgTable('jackpot_shards', {
      shard: bigint('shard', { mode: 'number' }).primaryKey(),
      accountId: bigint('account_id', { mode: 'number' }).notNull(),
      units: bigint('units', { mode: 'number' }).notNull().default(0),
      staked: bigint('staked', { mode: 'number' }).notNull().default(0),
    });
    const ghosts = pgTable('ghosts', { id: bigserial('id', { mode: 'number' }).primaryKey() });
    const replaced = ['login_throttle', 'jackpot_shards', 'jackpot_wins'];
    const tables = [
      ...declaredTables().filter((table) => !replaced.includes(nameOf(table))),
      loginThrottle,
      jackpotShardsWithoutCheck,
      ghosts,
    ];
    expect(await findSchemaDrift(database.db, tables)).toEqual([
      'column jackpot_shards.shard type: migrated smallint, declared bigint',
      'column login_throttle.failures default: migrated 0, declared 1',
      'column login_throttle.failures nullability: migrated not null, declared nullable',
      'column login_throttle.failures type: migrated integer, declared bigint',
      'column login_throttle.locked_until: declared in TypeScript, not in the migrated database',
      'column login_throttle.window_started_at: in the migrated database, not declared in TypeScript',
      'constraint jackpot_shards_units on jackpot_shards: migrated only (CHECK (units >= 0))',
      'index login_throttle_failures on login_throttle: declared only (USING btree (failures))',
      'table ghosts: declared in TypeScript, not in the migrated database',
      'table jackpot_wins: in the migrated database, not declared in TypeScript',
    ]);
  });
});
