import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serverFolder } from '../server-folder.ts';
import { sha256 } from './migration-checksums.ts';
import type { SqlRunner } from './sql-runner.ts';

/** Where the function files are looked for: the server's folder (src/server, or dist/server once built). */
export const functionsRoot = serverFolder;

/** SQLSTATE undefined_function: a LANGUAGE sql body naming a function not created yet. */
const UNDEFINED_FUNCTION = '42883';

/**
 * Every SQL function file under `root`: each `<name>.sql` in a folder named `sql`, beside the module
 * that owns the function (src/server/modules/ledger/sql/ledger_move.sql,
 * src/server/providers/sports/sql/sb_bet_transition.sql ...). One file per function, named after it,
 * so a name may appear once in the whole tree. Sorted by function name.
 */
export function sqlFunctionFiles(root = functionsRoot): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const sub = join(dir, entry.name);
      if (entry.name === 'sql') {
        for (const file of readdirSync(sub, { withFileTypes: true })) {
          if (file.isFile() && file.name.endsWith('.sql')) found.push(join(sub, file.name));
        }
      }
      walk(sub);
    }
  };
  walk(root);
  const byName = new Map<string, string>();
  for (const file of found) {
    const name = basename(file, '.sql');
    const other = byName.get(name);
    if (other) throw new Error(`SQL function ${name} has two files: ${other} and ${file}`);
    byName.set(name, file);
  }
  return [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, file]) => file);
}

/**
 * The repeatable half of the migrations (as Flyway's repeatable migrations): each function file holds
 * one SQL function's current `CREATE OR REPLACE`, and is applied after the versioned migrations
 * whenever its checksum differs from the one last applied, or its function is missing (a versioned
 * migration dropped it to change its signature). One transaction for all.
 * Files apply in name order; PL/pgSQL bodies are bound late, so that order rarely matters. A
 * LANGUAGE sql body is checked when it is created: one naming a function that a later file creates
 * (member_timezone calls site_time_zone) is applied again after the others.
 * Answers the names it applied.
 */
export async function applySqlFunctions(sql: SqlRunner, root = functionsRoot): Promise<string[]> {
  const wanted = sqlFunctionFiles(root).map((file) => {
    const text = readFileSync(file, 'utf8');
    return { name: basename(file, '.sql'), text, checksum: sha256(text) };
  });
  const names = wanted.map((fn) => fn.name);
  const stored = new Map(
    (
      await sql.rows<{ name: string; checksum: string }>(
        'select name, checksum from schema_functions where name = any($1)',
        [names],
      )
    ).map((row) => [row.name, row.checksum]),
  );
  const present = new Set(
    (
      await sql.rows<{ proname: string }>(
        `select distinct proname from pg_proc where pronamespace = 'public'::regnamespace and proname = any($1)`,
        [names],
      )
    ).map((row) => row.proname),
  );
  const stale = wanted.filter((fn) => stored.get(fn.name) !== fn.checksum || !present.has(fn.name));
  if (stale.length === 0) return [];
  await sql.script('begin');
  try {
    let waiting = stale;
    while (waiting.length > 0) {
      const later: typeof stale = [];
      let firstError: unknown;
      for (const fn of waiting) {
        await sql.script('savepoint sql_function');
        try {
          await sql.script(fn.text);
        } catch (error) {
          if ((error as { code?: string }).code !== UNDEFINED_FUNCTION) throw error;
          await sql.script('rollback to savepoint sql_function');
          later.push(fn);
          firstError ??= error;
          continue;
        }
        await sql.script('release savepoint sql_function');
        await sql.rows(
          `insert into schema_functions (name, checksum, applied_at) values ($1, $2, now())
           on conflict (name) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
          [fn.name, fn.checksum],
        );
      }
      if (later.length === waiting.length) throw firstError; // no file got further: a real missing function
      waiting = later;
    }
    await sql.script('commit');
  } catch (error) {
    await sql.script('rollback');
    throw error;
  }
  return stale.map((fn) => fn.name);
}
