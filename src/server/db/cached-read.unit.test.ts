import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedRead } from './cached-read.ts';
import type { Db } from './client.ts';

const dbA = {} as Db;
const dbB = {} as Db;

describe('cachedRead', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the read once per period for every caller of one database', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const get = cachedRead(1_000, async () => ++reads);
    expect(await Promise.all([get(dbA), get(dbA), get(dbA)])).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(999);
    expect(await get(dbA)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await get(dbA)).toBe(2);
    expect(await get(dbB)).toBe(3);
    get.forget();
    expect(await get(dbA)).toBe(4);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const get = cachedRead(60_000, async () => {
      if (fail) throw new Error('database gone');
      return 'figures';
    });
    await expect(get(dbA)).rejects.toThrow('database gone');
    fail = false;
    expect(await get(dbA)).toBe('figures');
  });
});
