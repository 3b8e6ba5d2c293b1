import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the compiled server was made from: the files the bundle read (esbuild's metafile), the SQL
 * it reads at run time (functions and migrations, copied beside it) and the locked dependencies.
 * Stored beside the bundle; `npm start` compiles again only when one of them changed.
 */
export interface ServerStamp {
  fingerprint: string;
  inputs: string[];
}

export const STAMP_FILE = 'build.json';

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
  return (
    stamp !== null &&
    existsSync(join(outDir, 'main.js')) &&
    inputsFingerprint(root, stamp.inputs) === stamp.fingerprint
  );
}
