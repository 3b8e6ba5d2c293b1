import { defineConfig } from 'vitest/config';
import { reactLibraries, reactOnPreact } from './tools/web-build/react-on-preact.ts';

const serverTests = ['src/server/**/*.test.ts'];
/** Pure functions: no database, run once. */
const unitTests = ['src/**/*.unit.test.ts', 'tools/**/*.unit.test.ts', 'deploy/**/*.unit.test.ts'];

/**
 * Server tests run twice, once per database backend; the rest run once. A server test file builds its
 * own app on its own database and restores what it changes (fake clocks, the sports clock), so the
 * server projects reuse a worker's modules across files (isolate: false): importing the whole app for
 * each file was half of their time.
 */
export default defineConfig({
  test: {
    // Two files at a time, even on two cores: a server test waits on its database and timers half the
    // time (one worker left a core idle; the server projects took 13 minutes instead of 7). The
    // browser tests still run one file at a time (fileParallelism: false), after everything else.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: serverTests,
          exclude: unitTests,
          env: { DB_BACKEND: 'pglite' },
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: serverTests,
          exclude: unitTests,
          env: { DB_BACKEND: 'postgres' },
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A poll waits for a page to load and render: vitest's 1 s was missed on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          // Components render on Preact, as in the built site; the React libraries are bundled so
          // that the aliases reach their imports too.
          alias: reactOnPreact,
          server: { deps: { inline: reactLibraries } },
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'src/admin/**/*.test.{ts,tsx}',
            'src/ui/**/*.test.tsx',
            ...unitTests,
          ],
        },
      },
    ],
  },
});
