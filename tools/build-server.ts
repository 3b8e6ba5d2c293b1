/**
 * Compiles the server into one ES module, dist/server/main.js (packages stay in node_modules), with
 * the SQL it reads at run time copied beside it, so `npm start` runs plain JavaScript instead of
 * compiling every TypeScript file at each start.
 *   node tools/build-server.ts             compile now
 *   node tools/build-server.ts --if-stale  only when none exists or an input changed (npm start)
 */
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import {
  inputsFingerprint,
  isServerBuildCurrent,
  RUNTIME_MIGRATIONS,
  runtimeSqlInputs,
  SERVER_SOURCES,
  STAMP_FILE,
} from './server-build/inputs.ts';

export const SERVER_OUT = resolve('dist/server');

/**
 * Packages compiled into the bundle; every other one stays in node_modules. Node resolves each file an
 * external package imports at start-up and reads its package's package.json to do so: drizzle-orm's is
 * 179 KB and was parsed again for each of its files, about half a second of every start
 * (bench/README.md, bench:start). Both are plain JavaScript no other dependency imports, so no second
 * copy of either can meet ours.
 */
const BUNDLED_PACKAGES = ['drizzle-orm', 'zod'];

/** esbuild's `packages: 'external'`, except the packages named (and their subpaths). */
function packagesExternalBut(bundled: string[]): Plugin {
  return {
    name: 'packages-external-but',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0]!;
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** Compiles into a fresh folder and swaps it in, so a half-written bundle is never started. */
export async function buildServer(options: {
  force: boolean;
  root?: string;
  outDir?: string;
}): Promise<string> {
  const root = resolve(options.root ?? '.');
  const outDir = options.outDir ?? SERVER_OUT;
  if (!options.force && isServerBuildCurrent(root, outDir)) return 'keep: up to date';
  const { build } = await import('esbuild');
  const next = `${outDir}.next`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    // The feed's parser thread is its own file beside main.js (uof-parse-pool.ts starts it by path).
    entryPoints: {
      main: 'src/server/main.ts',
      'uof-parse-worker': 'src/server/providers/sports/uof/uof-parse-worker.ts',
    },
    outdir: next,
    bundle: true,
    plugins: [packagesExternalBut(BUNDLED_PACKAGES)],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // For stack traces: the mappings only. The sources' text would double the map that every start
    // parses and keeps (about 25 MB resident and a fifth of a second with it).
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  // Read at run time relative to the module (import.meta.url), so they sit beside the bundle: the
  // migrations in migrations/, each SQL function file at its path under src/server
  // (dist/server/modules/ledger/sql/ledger_move.sql), where sql-functions.ts looks for them.
  cpSync(join(root, RUNTIME_MIGRATIONS), join(next, 'migrations'), { recursive: true });
  const sqlInputs = runtimeSqlInputs(root);
  for (const file of sqlInputs.functions) {
    const to = join(next, relative(SERVER_SOURCES, file));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(root, file), to);
  }
  // The OpenAPI document, generated here once instead of at every start (about 170 ms of CPU). Loaded
  // only now: the contracts it is made from take a start that keeps its build a second to load.
  const { BUILT_OPENAPI } = await import('../src/server/http/openapi/built-document.ts');
  const { openApiText } = await import('../src/server/http/openapi/document.ts');
  writeFileSync(join(next, BUILT_OPENAPI), openApiText());
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/')),
    ...sqlInputs.migrations,
    ...sqlInputs.functions,
    'package-lock.json',
    // How it is built: a change to what is bundled or how is a new build too.
    'tools/build-server.ts',
  ];
  writeFileSync(
    join(next, STAMP_FILE),
    JSON.stringify({ fingerprint: inputsFingerprint(root, inputs), inputs }),
  );
  rmSync(outDir, { recursive: true, force: true });
  renameSync(next, outDir);
  return 'compiled';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const decision = await buildServer({ force: !process.argv.includes('--if-stale') });
  console.log(`server build: ${decision}`);
}
