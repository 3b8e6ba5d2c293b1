import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../bench/support/server.ts';
import { buildServer } from '../build-server.ts';
import { inputsFingerprint, isServerBuildCurrent, STAMP_FILE } from './inputs.ts';

describe('the compiled server npm start runs', () => {
  // Inside the project, so that the bundle finds node_modules as dist/server does.
  mkdirSync('.tmp', { recursive: true });
  const dir = mkdtempSync(join(resolve('.tmp'), 'server-build-'));
  const outDir = join(dir, 'server');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles, then keeps an up-to-date build', async () => {
    expect(await buildServer({ force: false, outDir })).toBe('compiled');
    expect(isServerBuildCurrent('.', outDir)).toBe(true);
    expect(await buildServer({ force: false, outDir })).toBe('keep: up to date');
    // Each SQL function file at its path below src/server, where the bundle's loader looks.
    expect(existsSync(join(outDir, 'modules', 'ledger', 'sql', 'ledger_move.sql'))).toBe(true);
    expect(existsSync(join(outDir, 'providers', 'sports', 'sql', 'sb_bet_transition.sql'))).toBe(true);
    expect(existsSync(join(outDir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  });

  it('starts on a new database from plain JavaScript: migrations and SQL functions applied, the API answers', async () => {
    const server = await startServer(
      { DATA_DIR: join(dir, 'pglite'), SEED_DEMO: '1', WEB_ROOT: join(dir, 'no-site') },
      3800 + Math.floor(Math.random() * 90),
      [join(outDir, 'main.js')],
    );
    try {
      const res = await fetch(`${server.url}/api/routes/get-casino-setting`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { status: string; casiono: unknown[] };
      expect(body.status).toBe('success');
      expect(body.casiono.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('when the compiled server counts as current', () => {
  it('a changed, added-to or missing input changes the fingerprint', () => {
    const root = mkdtempSync(join(tmpdir(), 'server-inputs-'));
    try {
      writeFileSync(join(root, 'a.ts'), 'one');
      const before = inputsFingerprint(root, ['a.ts']);
      writeFileSync(join(root, 'a.ts'), 'two');
      expect(inputsFingerprint(root, ['a.ts'])).not.toBe(before);
      rmSync(join(root, 'a.ts'));
      expect(inputsFingerprint(root, ['a.ts'])).not.toBe(before);
      expect(isServerBuildCurrent(root, join(root, 'nothing-here'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a SQL function file the build did not copy makes it stale', () => {
    const root = mkdtempSync(join(tmpdir(), 'server-inputs-'));
    try {
      const sqlDir = join(root, 'src', 'server', 'modules', 'ledger', 'sql');
      mkdirSync(join(root, 'src', 'server', 'db', 'migrations'), { recursive: true });
      mkdirSync(sqlDir, { recursive: true });
      writeFileSync(join(sqlDir, 'one.sql'), 'select 1');
      const out = join(root, 'out');
      mkdirSync(out);
      writeFileSync(join(out, 'main.js'), '');
      const inputs = ['src/server/modules/ledger/sql/one.sql'];
      writeFileSync(
        join(out, STAMP_FILE),
        JSON.stringify({ fingerprint: inputsFingerprint(root, inputs), inputs }),
      );
      expect(isServerBuildCurrent(root, out)).toBe(true);
      writeFileSync(join(sqlDir, 'two.sql'), 'select 2');
      expect(isServerBuildCurrent(root, out)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
