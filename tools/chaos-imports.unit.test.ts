import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm run chaos` runs its scenarios with plain node, outside vitest: a helper they share with the tests
 * (test/support) must not touch the test runner's state when it is imported. It once did, and the
 * chaos scripts stopped before their first cycle.
 */
describe('the chaos scenarios', () => {
  // A child node compiles every scenario's imports: seconds on a loaded machine (the runner's 5 s was missed once).
  it('load outside the test runner', { timeout: 60_000 }, () => {
    const scenarios = readdirSync('chaos/scenarios').filter((f) => f.endsWith('.ts'));
    expect(scenarios.length).toBeGreaterThan(3);
    const script = scenarios.map((f) => `await import('./chaos/scenarios/${f}');`).join('\n');
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `${script}\nconsole.log('loaded')`],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(out.trim()).toBe('loaded');
  });
});
