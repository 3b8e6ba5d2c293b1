/**
 * Builds the member site, the games' window and the back office.
 *   node tools/build-web.ts            build now
 *   node tools/build-web.ts --if-stale build only when none exists or the sources changed (npm start)
 * The build is published atomically (see web-build/publish.ts), so a running server never serves an
 * emptied or half-written folder.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SSR_DIR } from '../src/shared/home-shell.ts';
import { buildDecision, sourceFingerprint } from './web-build/fingerprint.ts';
import { precompress } from './web-build/precompress.ts';
import { buildAndPublish, servedBuild } from './web-build/publish.ts';
import { reactLibraries } from './web-build/react-on-preact.ts';

export const WEB_LAYOUT = { served: resolve('dist/web'), builds: resolve('dist/builds') };

/** Builds when needed (or always, when `force`); returns what it decided. */
export async function buildWeb(options: { force: boolean; quiet?: boolean }): Promise<string> {
  const fingerprint = sourceFingerprint(process.cwd());
  const decision = options.force ? 'build: asked for' : buildDecision(servedBuild(WEB_LAYOUT), fingerprint);
  if (decision.startsWith('keep')) return decision;
  // Vite builds for whatever NODE_ENV the caller has: under the test runner (`test`) that was React's
  // development build, which npm start then kept serving while the sources were unchanged.
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildAndPublish(WEB_LAYOUT, fingerprint, buildInto(options.quiet ?? false));
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
  return decision;
}

/** The production build of the three pages and the home page's server renderer into `outDir`. */
function buildInto(quiet: boolean) {
  return async (outDir: string) => {
    // Loaded only to build: importing Vite costs about a second that an unchanged site need not pay.
    const { build } = await import('vite');
    await build({
      configFile: resolve('vite.config.ts'),
      mode: 'production',
      logLevel: quiet ? 'warn' : 'info',
      build: { outDir, emptyOutDir: true },
    });
    const { files, raw, brotli } = precompress(outDir);
    // The guest home's server renderer, built from the same sources and config (so the same CSS
    // class names) into a dot folder the server never serves as a file (http/web-static.ts).
    await build({
      configFile: resolve('vite.config.ts'),
      // It bundles every locale file statically, so Rollup's notes on the browser's lazy ones are noise.
      logLevel: 'error',
      build: {
        outDir: join(outDir, SSR_DIR),
        emptyOutDir: true,
        ssr: 'ssr/render.tsx',
        sourcemap: false,
        copyPublicDir: false,
      },
      ssr: { noExternal: reactLibraries },
      mode: 'production',
    });
    if (!quiet) {
      console.log(
        `precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
      );
    }
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const decision = await buildWeb({ force: !process.argv.includes('--if-stale') });
  console.log(`web build: ${decision}`);
}
