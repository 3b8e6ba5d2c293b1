import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './housekeeping.ts';

/** The two things runEvery uses of an app: its log and its close hook. */
function fakeApp() {
  const closers: (() => Promise<void>)[] = [];
  const errors: string[] = [];
  const app = {
    log: { error: (_fields: object, message: string) => errors.push(message) },
    addHook: (_name: 'onClose', hook: () => Promise<void>) => closers.push(hook),
  } as unknown as FastifyInstance;
  return { app, errors, close: () => Promise.all(closers.map((c) => c())) };
}

describe('runEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never starts a run while the last one works, logs a failure and goes on, and stops when the app closes', async () => {
    const { app, errors, close } = fakeApp();
    let started = 0;
    let finish: () => void = () => {};
    runEvery(app, 'test sweep', 1_000, () => {
      started += 1;
      if (started === 2) return Promise.reject(new Error('boom'));
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(started).toBe(1); // the first run still works: ticks 2 and 3 were skipped
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    expect(errors).toEqual(['test sweep failed']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(3);
    finish();
    await close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(3);
  });
});
