import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What the built site is made from: the front-end sources (everything under src/ except the server
 * and tests), the page routing the Vite config imports, the Vite config, the locked dependencies and
 * the build script itself (how it builds is part of what it makes).
 */
export const BUILD_INPUTS = [
  'src',
  'vite.config.ts',
  'package-lock.json',
  'tools/build-web.ts',
  'tools/web-build/react-on-preact.ts',
  'tools/web-build/react-compat.js',
  'tools/web-build/shared-head.ts',
];
const SERVER_FILES_THE_BUILD_READS = ['src/server/http/web-static.ts'];

function isBuildInput(path: string): boolean {
  const p = path.split(sep).join('/');
  if (/\.test\.tsx?$/.test(p)) return false;
  if (p.startsWith('src/server/')) return SERVER_FILES_THE_BUILD_READS.includes(p);
  return true;
}

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => filesUnder(root, join(path, name)));
}

/**
 * A hash of the build inputs' paths and contents (not their times: a fresh clone or a checkout
 * touches every file without changing what would be built).
 */
export function sourceFingerprint(root: string, inputs: string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const files = inputs
    .flatMap((input) => filesUnder(root, input))
    .filter(isBuildInput)
    .sort();
  for (const file of files) {
    hash.update(relative('.', file).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type BuildDecision = 'build: none yet' | 'build: sources changed' | 'keep: up to date';

/** Whether `npm start` must build: only when no build exists or its sources changed since. */
export function buildDecision(current: { fingerprint: string } | null, sources: string): BuildDecision {
  if (!current) return 'build: none yet';
  return current.fingerprint === sources ? 'keep: up to date' : 'build: sources changed';
}
