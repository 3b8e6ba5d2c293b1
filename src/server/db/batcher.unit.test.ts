import { describe, expect, it } from 'vitest';
import { createBatcher, type Outcome } from './batcher.ts';

/** A run that records each batch and answers when the test says so. */
function recordingRun() {
  const batches: number[][] = [];
  const waiting: Array<() => void> = [];
  const run = (items: number[]): Promise<Outcome<string>[]> => {
    batches.push(items);
    return new Promise((resolve) =>
      waiting.push(() =>
        resolve(
          items.map((n) =>
            n < 0 ? { ok: false, error: new Error(`bad ${n}`) } : { ok: true, value: `r${n}` },
          ),
        ),
      ),
    );
  };
  const answerNext = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    waiting.shift()?.();
  };
  return { batches, run, answerNext };
}

describe('createBatcher', () => {
  it('sends a lone item at once, then coalesces what arrives while the slots are busy', async () => {
    const r = recordingRun();
    const batcher = createBatcher(r.run, { maxInFlight: 1, maxBatch: 32 });
    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toHaveLength(1);
    await r.answerNext();
    expect(await first).toBe('r1');
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await r.answerNext();
    expect(await Promise.all(later)).toEqual(['r2', 'r3', 'r4']);
  });

  it('with lingerMs, an idle batcher waits that long and sends what arrived meanwhile in one batch', async () => {
    const r = recordingRun();
    const batcher = createBatcher(r.run, { maxInFlight: 1, maxBatch: 32, lingerMs: 30 });
    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([]);
    const second = batcher.submit(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(r.batches).toEqual([[1, 2]]);
    await r.answerNext();
    expect(await Promise.all([first, second])).toEqual(['r1', 'r2']);
  });

  it('answers each item with its own outcome: one failure leaves the others alone', async () => {
    const r = recordingRun();
    const batcher = createBatcher(r.run, { maxInFlight: 1, maxBatch: 32 });
    const results = [5, -6, 7].map((n) => batcher.submit(n).catch((e: Error) => e.message));
    await r.answerNext();
    expect(r.batches).toEqual([[5, -6, 7]]);
    expect(await Promise.all(results)).toEqual(['r5', 'bad -6', 'r7']);
  });

  it('fails every item of a batch whose run throws, and keeps serving later ones', async () => {
    let calls = 0;
    const batcher = createBatcher(
      async (items: number[]): Promise<Outcome<number>[]> => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items.map((n) => ({ ok: true, value: n * 10 }));
      },
      { maxInFlight: 1, maxBatch: 32 },
    );
    const failed = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.submit(3)).toBe(30);
  });

  it('refuses an answer with the wrong number of outcomes rather than misattribute replies', async () => {
    const batcher = createBatcher(async (): Promise<Outcome<number>[]> => [{ ok: true, value: 1 }], {
      maxInFlight: 1,
      maxBatch: 32,
    });
    const settled = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('keeps at most maxInFlight batches of at most maxBatch items running', async () => {
    const r = recordingRun();
    const batcher = createBatcher(r.run, { maxInFlight: 2, maxBatch: 3 });
    const all = Array.from({ length: 10 }, (_, i) => batcher.submit(i));
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    for (let i = 0; i < 4; i++) await r.answerNext();
    expect(r.batches.map((b) => b.length)).toEqual([3, 3, 3, 1]);
    expect(await Promise.all(all)).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`));
  });

  it('sends the next batch before answering the last one, and says when it has nothing left', async () => {
    const events: string[] = [];
    const r = recordingRun();
    const batcher = createBatcher(
      (items: number[]) => {
        events.push(`send ${items.join(',')}`);
        return r.run(items);
      },
      { maxInFlight: 1, maxBatch: 32, onIdle: () => events.push('idle') },
    );
    const first = batcher.submit(1).then((v) => events.push(`answer ${v}`));
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.submit(2).then((v) => events.push(`answer ${v}`));
    await r.answerNext();
    await first;
    expect(events).toEqual(['send 1', 'send 2', 'answer r1']);
    await r.answerNext();
    await second;
    expect(events).toEqual(['send 1', 'send 2', 'answer r1', 'idle', 'answer r2']);
  });
});

describe('createBatcher with retryAlone', () => {
  /** A run that throws for a whole batch holding a poisoned (negative) item, like a failed jsonb cast. */
  const poisonedRun =
    (batches: number[][]) =>
    async (items: number[]): Promise<Outcome<string>[]> => {
      batches.push(items);
      if (items.some((n) => n < 0)) throw new Error('batch failed');
      return items.map((n) => ({ ok: true, value: `r${n}` }));
    };

  it('runs a failed batch again item by item, so only the poisoned item fails', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher(poisonedRun(batches), { maxInFlight: 1, maxBatch: 32, retryAlone: true });
    const results = [1, -2, 3].map((n) => batcher.submit(n).catch((e: Error) => e.message));
    expect(await Promise.all(results)).toEqual(['r1', 'batch failed', 'r3']);
    expect(batches).toEqual([[1, -2, 3], [1], [-2], [3]]);
  });

  it('does not run a batch again item by item when the database was out of reach', async () => {
    // Each item alone would wait out the same outage in turn (pgbouncer's query_wait_timeout apiece).
    const batches: number[][] = [];
    const batcher = createBatcher(
      async (items: number[]): Promise<Outcome<string>[]> => {
        batches.push(items);
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6432'), { code: 'ECONNREFUSED' });
      },
      { maxInFlight: 1, maxBatch: 32, retryAlone: true },
    );
    const results = [1, 2, 3].map((n) => batcher.submit(n).catch((e: Error) => e.message));
    expect(await Promise.all(results)).toEqual(Array(3).fill('connect ECONNREFUSED 127.0.0.1:6432'));
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('without retryAlone the whole batch shares the failure', async () => {
    const batcher = createBatcher(poisonedRun([]), { maxInFlight: 1, maxBatch: 32 });
    const results = [1, -2].map((n) => batcher.submit(n).catch((e: Error) => e.message));
    expect(await Promise.all(results)).toEqual(['batch failed', 'batch failed']);
  });
});
