import { describe, expect, it } from 'vitest';
import { checkBoundaries, checkSqlTables } from './boundaries.ts';

/*
 * The boundaries of docs/architecture.md#boundaries, enforced: dependency-cruiser over every import in
 * src/ (the rules and their allow-list: tools/boundaries.ts), and a scan of the SQL text in the server's
 * modules and providers for another's tables. `npm run boundaries` runs only this file.
 */
describe('boundaries', () => {
  it('hold for every import in src/ (dependency-cruiser)', async () => {
    const { violations, unusedAllowances, cruised } = await checkBoundaries();
    expect(cruised).toBeGreaterThan(400);
    expect(violations).toEqual([]);
    // An allowance whose violation was fixed is taken off the list.
    expect(unusedAllowances).toEqual([]);
  }, 120_000);

  it("hold in SQL text too: no module or provider names another's table", () => {
    const { violations, unusedAllowances } = checkSqlTables();
    expect(violations).toEqual([]);
    expect(unusedAllowances).toEqual([]);
  });
});

/** One file per broken rule, in a tree of its own: each rule must catch its case. */
const FIXTURE: Record<string, string> = {
  'src/web/page.ts': "export const page = 'web';\n",
  'src/admin/screen.ts': "import { page } from '../web/page.ts';\nexport const screen = page;\n",
  'src/shared/word.ts': "import { screen } from '../admin/screen.ts';\nexport const word = screen;\n",
  'src/server/modules/a/a.schema.ts': 'export const aTable = 1;\n',
  'src/server/modules/a/a.service.ts':
    "import { aTable } from './a.schema.ts';\nexport const readA = () => aTable;\n",
  'src/server/modules/a/a-helper.ts': 'export const help = 1;\n',
  'src/server/modules/b/b.service.ts':
    "import { aTable } from '../a/a.schema.ts';\nimport { page } from '../../../web/page.ts';\nimport { hook } from '../../providers/p/p.ts';\nexport const b = aTable + page.length + hook;\n",
  'src/server/providers/p/p.ts':
    "import { help } from '../../modules/a/a-helper.ts';\nimport { readA } from '../../modules/a/a.service.ts';\nexport const hook = help + readA();\n",
  'src/server/modules/c/one.ts': "import { two } from './two.ts';\nexport const one = () => two();\n",
  'src/server/modules/c/two.ts': "import { one } from './one.ts';\nexport const two = () => one();\n",
};

describe('the boundary rules', () => {
  it('each catch what they forbid (a tree with one case of each)', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    try {
      for (const [file, text] of Object.entries(FIXTURE)) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      }
      const { violations } = await checkBoundaries(root);
      expect(violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`).sort()).toEqual([
        'apps-apart: src/admin/screen.ts → src/web/page.ts',
        'modules-not-providers: src/server/modules/b/b.service.ts → src/server/providers/p/p.ts',
        'no-circular: src/server/modules/c/one.ts → src/server/modules/c/two.ts → src/server/modules/c/one.ts',
        'no-foreign-tables: src/server/modules/b/b.service.ts → src/server/modules/a/a.schema.ts',
        'providers-use-module-services: src/server/providers/p/p.ts → src/server/modules/a/a-helper.ts',
        'server-not-web: src/server/modules/b/b.service.ts → src/web/page.ts',
        'shared-is-isomorphic: src/shared/word.ts → src/admin/screen.ts',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
