import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate.ts';
import { sqlFunctionFiles } from '../../db/sql-functions.ts';

/**
 * Transfers are written by the ledger's own functions only: ledger_move (one transfer) and
 * ledger_post_many (many at once, for wallet_batch_fast). Every other path posts through them, so
 * their checks (two existing accounts, ascending lock order, no member balance below zero, one
 * transfer per key) hold for every transfer.
 */
const LEDGER_WRITERS = new Set(['ledger_move', 'ledger_post_many']);

/** Migrations are history: up to 0017 they are as applied (0010 wrote the pool's first reseed itself). */
const LAST_UNCHECKED_MIGRATION = 17;

/** TypeScript that writes transfers behind the ledger's back on purpose, and why. */
const TS_EXCEPTIONS: Record<string, string> = {
  'src/server/modules/ledger/ledger.test.ts':
    'a transfer naming missing accounts, rolled back: the audit must find it',
  'src/server/modules/cashier/statement.test.ts':
    '200,000 rows in a rolled-back transaction, for the planner',
  'bench/support/scale-data.ts':
    "bench:scale's generated ledger of a million members (balances summed from it)",
  'src/server/modules/ledger/one-writer.unit.test.ts': 'this test',
};

const root = process.cwd();
const WRITES = [
  /\binsert\s+into\s+(?:"?public"?\.)?"?ledger_transfers\b/i,
  /\bcopy\s+(?:"?public"?\.)?"?ledger_transfers\b/i,
  /\.insert\(\s*ledgerTransfers\b/,
];
const writes = (text: string) => WRITES.some((pattern) => pattern.test(text));
const withoutSqlComments = (text: string) => text.replace(/--[^\n]*/g, '');

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });

describe('one writer of ledger_transfers: the ledger', () => {
  it('no SQL function file but ledger_move and ledger_post_many inserts into ledger_transfers', () => {
    const files = sqlFunctionFiles();
    expect(files.map((file) => basename(file, '.sql'))).toEqual(expect.arrayContaining([...LEDGER_WRITERS]));
    const writers = files
      .filter((file) => writes(withoutSqlComments(readFileSync(file, 'utf8'))))
      .map((file) => basename(file, '.sql'));
    expect(writers.sort()).toEqual([...LEDGER_WRITERS].sort());
  });

  it(`no migration after ${String(LAST_UNCHECKED_MIGRATION).padStart(4, '0')} inserts into ledger_transfers`, () => {
    const later = readdirSync(migrationsFolder).filter(
      (file) => /^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) > LAST_UNCHECKED_MIGRATION,
    );
    expect(later.length).toBeGreaterThan(0);
    const writers = later.filter((file) =>
      writes(withoutSqlComments(readFileSync(join(migrationsFolder, file), 'utf8'))),
    );
    expect(writers).toEqual([]);
  });

  it('no TypeScript inserts into ledger_transfers (but the exceptions named here)', () => {
    const files = ['src', 'test', 'tools', 'bench', 'chaos', 'e2e'].flatMap((dir) =>
      sourcesUnder(join(root, dir)),
    );
    expect(files.length).toBeGreaterThan(100);
    const writers = files
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((file) => writes(readFileSync(join(root, file), 'utf8')) && !(file in TS_EXCEPTIONS));
    expect(writers).toEqual([]);
  });
});
