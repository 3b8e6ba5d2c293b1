import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDecision, sourceFingerprint } from './fingerprint.ts';

describe('when npm start builds the site', () => {
  it('builds when there is no build, keeps an up-to-date one, rebuilds after a source change', () => {
    expect(buildDecision(null, 'abc')).toBe('build: none yet');
    expect(buildDecision({ fingerprint: 'abc' }, 'abc')).toBe('keep: up to date');
    expect(buildDecision({ fingerprint: 'abc' }, 'abd')).toBe('build: sources changed');
  });
});

describe('the fingerprint of what the site is built from', () => {
  let root = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'web-build-'));
    write('src/web/App.tsx', 'app');
    write('src/web/App.test.tsx', 'test');
    write('src/shared/rules.ts', 'rules');
    write('src/server/modules/wallet.ts', 'wallet');
    write('src/server/http/web-static.ts', 'pages');
    write('vite.config.ts', 'config');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('changes with a front-end source, a shared rule, the page routing, the config or the lock file', () => {
    for (const path of [
      'src/web/App.tsx',
      'src/shared/rules.ts',
      'src/server/http/web-static.ts',
      'vite.config.ts',
      'package-lock.json',
    ]) {
      const before = sourceFingerprint(root);
      write(path, `changed ${path}`);
      expect(sourceFingerprint(root), path).not.toBe(before);
    }
  });

  it('does not change with server code, tests, or file times alone (a fresh clone)', () => {
    const before = sourceFingerprint(root);
    write('src/server/modules/wallet.ts', 'wallet v2');
    write('src/web/App.test.tsx', 'test v2');
    utimesSync(join(root, 'src/web/App.tsx'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(sourceFingerprint(root)).toBe(before);
  });

  it('changes when a source file is added or renamed', () => {
    const before = sourceFingerprint(root);
    write('src/web/New.tsx', 'app');
    const added = sourceFingerprint(root);
    expect(added).not.toBe(before);
    rmSync(join(root, 'src/web/New.tsx'));
    write('src/web/Renamed.tsx', 'app');
    expect(sourceFingerprint(root)).not.toBe(added);
  });
});
