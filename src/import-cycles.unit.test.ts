import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../tools/import-cycles.ts';

describe('imports', () => {
  it('has no import cycle in src/ (runtime imports; `import type` is erased)', () => {
    const graph = importGraph(resolve('src'));
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('keeps the two React apps apart: the back office and the member site share only src/ui and src/shared', () => {
    const graph = importGraph(resolve('src'));
    const crossing = [...graph].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) =>
            (file.startsWith('admin/') && target.startsWith('web/')) ||
            (file.startsWith('web/') && target.startsWith('admin/')) ||
            (file.startsWith('ui/') && /^(web|admin|server)\//.test(target)),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(crossing).toEqual([]);
  });
});
