import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backendAvailable, createTestDatabase } from '../../../test/support/test-db.ts';
import { type Database, queryRows } from './client.ts';
import { migrate, migrationsFolder } from './migrate.ts';
import { readJournal, sha256 } from './migration-checksums.ts';
import { functionsRoot, sqlFunctionFiles } from './sql-functions.ts';

/** A scratch copy of a folder the test may edit. */
function copyOf(folder: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-test-'));
  cpSync(folder, dir, { recursive: true });
  return dir;
}

/** A scratch copy of the SQL function files, each at its path below the server's folder. */
function copyOfFunctions(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-test-'));
  for (const file of sqlFunctionFiles()) {
    const to = join(dir, relative(functionsRoot, file));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(file, to);
  }
  return dir;
}

/** The file of one SQL function under `root`. */
const fileOf = (name: string, root = functionsRoot) =>
  sqlFunctionFiles(root).find((file) => basename(file, '.sql') === name)!;

describe.runIf(backendAvailable)('migrator', () => {
  let database: Database;
  const scratch: string[] = [];
  const scratchCopy = (folder?: string) => {
    const dir = folder ? copyOf(folder) : copyOfFunctions();
    scratch.push(dir);
    return dir;
  };
  const storedChecksum = async (name: string) =>
    (
      await queryRows<{ checksum: string; applied_at: string }>(
        database.db,
        sql`select checksum, applied_at::text from schema_functions where name = ${name}`,
      )
    )[0];
  const functionSource = async (name: string) =>
    (
      await queryRows<{ prosrc: string }>(
        database.db,
        sql`select prosrc from pg_proc where proname = ${name}`,
      )
    )[0]?.prosrc;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => {
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await database.close();
  });

  it('applies every function file and records its checksum', async () => {
    const record = await storedChecksum('wallet_bet');
    expect(record?.checksum).toBe(sha256(readFileSync(fileOf('wallet_bet'), 'utf8')));
    expect(await functionSource('wallet_batch')).toContain('jsonb_array_length');
  });

  it('re-applies a function whose file changed on the next start, and only that one', async () => {
    const functions = scratchCopy();
    const file = fileOf('wallet_record', functions);
    const marker = `-- re-applied ${Date.now()}`;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\bBEGIN\b/, `BEGIN\n  ${marker}`));
    const untouchedBefore = await storedChecksum('wallet_win');

    await migrate(database, { functions });

    expect(await functionSource('wallet_record')).toContain(marker);
    expect((await storedChecksum('wallet_record'))?.checksum).toBe(sha256(readFileSync(file, 'utf8')));
    expect(await storedChecksum('wallet_win')).toEqual(untouchedBefore);

    await migrate(database);
    expect(await functionSource('wallet_record')).not.toContain(marker);
  });

  it('finds each function file beside the module that owns it, one file per function', () => {
    const files = sqlFunctionFiles().map((file) => relative(functionsRoot, file));
    expect(files).toContain(join('modules', 'ledger', 'sql', 'ledger_move.sql'));
    expect(files).toContain(join('modules', 'games', 'wallet', 'sql', 'wallet_bet.sql'));
    expect(files).toContain(join('providers', 'sports', 'sql', 'sb_bet_transition.sql'));
    expect(files.every((file) => basename(dirname(file)) === 'sql')).toBe(true);

    const root = scratchCopy();
    const twin = join(root, 'modules', 'vault', 'sql', 'wallet_bet.sql');
    mkdirSync(dirname(twin), { recursive: true });
    cpSync(fileOf('wallet_bet'), twin);
    expect(() => sqlFunctionFiles(root)).toThrow('SQL function wallet_bet has two files');
  });

  it('applies a LANGUAGE sql function whose body calls a function that a later file creates', async () => {
    const root = mkdtempSync(join(tmpdir(), 'migrate-test-'));
    scratch.push(root);
    /** Module `a`'s function test_a_first and module `z`'s test_z_later, with these bodies. */
    const writeFunctions = (first: string, later: string) => {
      for (const [folder, name, body] of [
        ['a', 'test_a_first', first],
        ['z', 'test_z_later', later],
      ]) {
        mkdirSync(join(root, folder!, 'sql'), { recursive: true });
        writeFileSync(
          join(root, folder!, 'sql', `${name}.sql`),
          `CREATE OR REPLACE FUNCTION ${name}() RETURNS int LANGUAGE sql AS $$ ${body} $$;`,
        );
      }
    };
    // Checked when created (name order puts it first): it names test_z_later, not created yet.
    writeFunctions('SELECT test_z_later() + 1', 'SELECT 41');
    try {
      await migrate(database, { functions: root });
      expect(await queryRows(database.db, sql`select test_a_first() as n`)).toEqual([{ n: 42 }]);

      // A function that no file creates is still an error, and nothing of that start is kept.
      writeFunctions('SELECT test_nowhere()', 'SELECT 7');
      await expect(migrate(database, { functions: root })).rejects.toThrow('test_nowhere');
      expect(await queryRows(database.db, sql`select test_a_first() as n`)).toEqual([{ n: 42 }]);
    } finally {
      await database.db.execute(sql`drop function if exists test_a_first, test_z_later`);
      await database.db.execute(
        sql`delete from schema_functions where name in ('test_a_first', 'test_z_later')`,
      );
    }
  });

  it('re-creates a function a versioned migration dropped, though its file did not change', async () => {
    await database.db.execute(sql`drop function wallet_refuse_bet`);
    await migrate(database);
    expect(await functionSource('wallet_refuse_bet')).toBeTruthy();
  });

  it('refuses to start when an applied migration was edited afterwards', async () => {
    const migrations = scratchCopy(migrationsFolder);
    await expect(migrate(database, { migrations })).resolves.toBeUndefined();
    const file = join(migrations, '0003_backoffice.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- an edit after the fact\n`);
    await expect(migrate(database, { migrations })).rejects.toThrow(
      '0003_backoffice was edited after it was applied',
    );
  });

  it('refuses to start when the database applied a migration this code does not have', async () => {
    const migrations = scratchCopy(migrationsFolder);
    const journalFile = join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));
    await expect(migrate(database, { migrations })).rejects.toThrow('is not in this code');
  });

  it('accepts a database that applied 0002 before its functions moved out', async () => {
    const entry = readJournal(migrationsFolder).find((e) => e.tag === '0002_ledger_and_wallet_functions');
    const former = '2b5777275500650ac35ea47358daa44eb49d86c2f4c0f059e06f51f8cb9694b1';
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set hash = ${former} where created_at = ${entry?.when}`,
    );
    await expect(migrate(database)).resolves.toBeUndefined();
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set hash = ${'0'.repeat(64)} where created_at = ${entry?.when}`,
    );
    await expect(migrate(database)).rejects.toThrow('0002_ledger_and_wallet_functions was edited');
  });
});
