import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './migration-checksums.ts';
import type { SqlRunner } from './sql-runner.ts';

export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * The repeatable half of the migrations (as Flyway's repeatable migrations): each file in
 * functions/ holds one SQL function's current `CREATE OR REPLACE`, and is applied after the
 * versioned migrations whenever its checksum differs from the one last applied, or its function is
 * missing (a versioned migration dropped it to change its signature). One transaction for all.
 * Files apply in name order; PL/pgSQL bodies are bound late, so that order rarely matters.
 * Answers the names it applied.
 */
export async function applySqlFunctions(sql: SqlRunner, folder = functionsFolder): Promise<string[]> {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const wanted = files.map((file) => {
    const text = readFileSync(join(folder, file), 'utf8');
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
    for (const fn of stale) {
      await sql.script(fn.text);
      await sql.rows(
        `insert into schema_functions (name, checksum, applied_at) values ($1, $2, now())
         on conflict (name) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
        [fn.name, fn.checksum],
      );
    }
    await sql.script('commit');
  } catch (error) {
    await sql.script('rollback');
    throw error;
  }
  return stale.map((fn) => fn.name);
}
