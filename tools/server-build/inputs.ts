import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sqlFunctionFiles } from '../../src/server/db/sql-functions.ts';

/**
 * What the compiled server was made from: the files the bundle read (esbuild's metafile), the SQL
 * it reads at run time (migrations and the SQL function files, copied beside it) and the locked
 * dependencies. Stored beside the bundle; `npm start` compiles again only when one of them changed,
 * or a SQL file appeared that the build did not copy.
 */
export interface ServerStamp {
  fingerprint: string;
  inputs: string[];
}

export const STAMP_FILE = 'build.json';
/** The server's sources; a SQL function file keeps its path below it in the build. */
export const SERVER_SOURCES = 'src/server';
export const RUNTIME_MIGRATIONS = 'src/server/db/migrations';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

/** The SQL the server reads at run time, as paths relative to `root`. */
export function runtimeSqlInputs(root: string): { migrations: string[]; functions: string[] } {
  return {
    migrations: filesUnder(join(root, RUNTIME_MIGRATIONS)).map((p) => relative(root, p)),
    functions: sqlFunctionFiles(join(root, SERVER_SOURCES)).map((p) => relative(root, p)),
  };
}

/** A hash of the inputs' paths and contents; a missing input hashes as missing (so it counts as a change). */
export function inputsFingerprint(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const input of [...inputs].sort()) {
    const full = join(root, input);
    hash.update(input);
    hash.update('\0');
    hash.update(existsSync(full) ? readFileSync(full) : 'missing');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the compiled server in `outDir`, or null when there is none. */
export function readStamp(outDir: string): ServerStamp | null {
  const file = join(outDir, STAMP_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ServerStamp) : null;
}

/** Whether the compiled server in `outDir` was made from the files as they are now. */
export function isServerBuildCurrent(root: string, outDir: string): boolean {
  const stamp = readStamp(outDir);
  if (stamp === null || !existsSync(join(outDir, 'main.js'))) return false;
  if (inputsFingerprint(root, stamp.inputs) !== stamp.fingerprint) return false;
  // A new SQL file is no input of the stamp yet: the build never copied it.
  if (!existsSync(join(root, SERVER_SOURCES))) return true;
  const known = new Set(stamp.inputs);
  const sql = runtimeSqlInputs(root);
  return [...sql.migrations, ...sql.functions].every((file) => known.has(file));
}
