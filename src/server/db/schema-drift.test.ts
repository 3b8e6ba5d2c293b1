import { globSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bigint, bigserial, getTableConfig, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { backendAvailable, useTestDatabase } from '../../../test/support/test-db.ts';
import { declaredTables, findSchemaDrift } from './schema-drift/schema-drift.ts';

const serverFolder = fileURLToPath(new URL('..', import.meta.url));
const nameOf = (table: Parameters<typeof getTableConfig>[0]) => getTableConfig(table).name;

/** docs/schema.md: the tables declared in TypeScript are the tables the migrations build. */
describe.runIf(backendAvailable)('the schema declared in TypeScript', () => {
  const t = useTestDatabase();

  it('matches the migrated database: tables, columns, indexes, constraints and foreign keys', async () => {
    expect(await findSchemaDrift(t.database.db)).toEqual([]);
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
    // attempt_limits as migrated: key text primary key, points integer not null default 0, expire (indexed).
    const attemptLimits = pgTable(
      'attempt_limits',
      {
        key: text('key').primaryKey(),
        points: bigint('points', { mode: 'number' }).default(1),
        lockedUntil: timestamp('locked_until', { withTimezone: true }),
      },
      (t) => [index('attempt_limits_points').on(t.points)],
    );
    const jackpotShardsWithoutCheck = pgTable('jackpot_shards', {
      shard: bigint('shard', { mode: 'number' }).primaryKey(),
      accountId: bigint('account_id', { mode: 'number' }).notNull(),
      units: bigint('units', { mode: 'number' }).notNull().default(0),
      staked: bigint('staked', { mode: 'number' }).notNull().default(0),
    });
    const ghosts = pgTable('ghosts', { id: bigserial('id', { mode: 'number' }).primaryKey() });
    const replaced = ['attempt_limits', 'jackpot_shards', 'jackpot_wins'];
    const tables = [
      ...declaredTables().filter((table) => !replaced.includes(nameOf(table))),
      attemptLimits,
      jackpotShardsWithoutCheck,
      ghosts,
    ];
    expect(await findSchemaDrift(t.database.db, tables)).toEqual([
      'column attempt_limits.expire: in the migrated database, not declared in TypeScript',
      'column attempt_limits.locked_until: declared in TypeScript, not in the migrated database',
      'column attempt_limits.points default: migrated 0, declared 1',
      'column attempt_limits.points nullability: migrated not null, declared nullable',
      'column attempt_limits.points type: migrated integer, declared bigint',
      'column jackpot_shards.shard type: migrated smallint, declared bigint',
      'constraint jackpot_shards_units on jackpot_shards: migrated only (CHECK (units >= 0))',
      'index attempt_limits_expire on attempt_limits: migrated only (USING btree (expire))',
      'index attempt_limits_points on attempt_limits: declared only (USING btree (points))',
      'table ghosts: declared in TypeScript, not in the migrated database',
      'table jackpot_wins: in the migrated database, not declared in TypeScript',
    ]);
  });
});
