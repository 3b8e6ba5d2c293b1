import { describe, expect, it } from 'vitest';
import { runAgainOnRace } from './run-again.ts';

/** A call that fails with these errors in turn, then answers. */
function failing(...errors: unknown[]) {
  let calls = 0;
  const run = async () => {
    calls += 1;
    const error = errors.shift();
    if (error) throw error;
    return 'done';
  };
  return { run, calls: () => calls };
}

describe('a transaction PostgreSQL undid as a race is run again', () => {
  it('after a deadlock, as drizzle wraps it, and after a serialization failure', async () => {
    const f = failing({ cause: { code: '40P01' } }, { code: '40001' });
    expect(await runAgainOnRace(f.run)).toBe('done');
    expect(f.calls()).toBe(3);
  });

  it('never for any other error', async () => {
    const unique = { code: '23505' };
    const f = failing(unique);
    await expect(runAgainOnRace(f.run)).rejects.toBe(unique);
    expect(f.calls()).toBe(1);
  });

  it('at most as often as it is told', async () => {
    const deadlock = { code: '40P01' };
    const f = failing(deadlock, deadlock, deadlock);
    await expect(runAgainOnRace(f.run, 2)).rejects.toBe(deadlock);
    expect(f.calls()).toBe(2);
  });
});
