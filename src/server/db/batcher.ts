import { isDatabaseUnavailable } from './database-unavailable.ts';

/** What one item of a batch came to: its own value, or its own error. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions {
  /** Batches running at once; more wait and are coalesced into the next one. */
  maxInFlight: number;
  /** Items per batch at most. */
  maxBatch: number;
  /**
   * For work nobody waits on (after a reply): an idle batcher sends this long after its first item
   * instead of at the end of the event-loop turn, so more items share the round trip.
   */
  lingerMs?: number;
  /** Called when the last batch has returned and nothing waits. */
  onIdle?: () => void;
  /**
   * When a batch fails as a whole, run its items again one by one, so only the item that caused the
   * failure fails. Only for items that are safe to repeat (idempotent), since the failed batch may
   * have been applied. Not when the database was out of reach: every item then gets that error.
   */
  retryAlone?: boolean;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while `maxInFlight` batches are running wait, and go together in
 * the next batch as soon as one returns. An idle batcher sends at the end of the current event-loop
 * turn, so a lone item waits for nothing. `run` answers one outcome per item, in order; if it
 * throws, every item of that batch gets the error, unless `retryAlone` runs them again one by one.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<Outcome<O>[]>, options: BatcherOptions) {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function runChecked(items: I[]): Promise<Outcome<O>[]> {
    const outcomes = await run(items);
    if (outcomes.length !== items.length) {
      throw new Error(`batch of ${items.length} answered with ${outcomes.length} outcomes`);
    }
    return outcomes;
  }

  /** One poisoned item must not fail the others: after a failed batch each runs on its own. */
  async function runEachAlone(items: I[]): Promise<Outcome<O>[]> {
    const outcomes: Outcome<O>[] = [];
    for (const item of items) {
      try {
        outcomes.push((await runChecked([item]))[0]!);
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  async function send(batch: Pending<I, O>[]) {
    try {
      const items = batch.map((p) => p.item);
      let outcomes: Outcome<O>[];
      try {
        outcomes = await runChecked(items);
      } catch (error) {
        // The database out of reach says nothing about any one item: they would each meet the same
        // outage in turn (each as long as pgbouncer's query_wait_timeout), holding up every batch
        // behind them. All get the error at once (503), and their callers repeat them.
        if (!options.retryAlone || items.length === 1 || isDatabaseUnavailable(error)) throw error;
        outcomes = await runEachAlone(items);
      }
      batch.forEach((p, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) p.resolve(outcome.value);
        else p.reject(outcome.error);
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    } finally {
      // Answering only queued the callers' continuations: the next batch is sent before they run.
      inFlight -= 1;
      flush();
      if (inFlight === 0) options.onIdle?.();
    }
  }

  function flush() {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      inFlight += 1;
      void send(queue.splice(0, options.maxBatch));
    }
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled && inFlight < options.maxInFlight) {
          scheduled = true;
          if (options.lingerMs) setTimeout(flush, options.lingerMs);
          else setImmediate(flush);
        }
      });
    },
  };
}

export type Batcher<I, O> = ReturnType<typeof createBatcher<I, O>>;

/** Every item of a batch answered with its own value: the outcomes of a run that cannot fail item by item. */
export const eachOk = <O>(values: O[]): Outcome<O>[] => values.map((value) => ({ ok: true, value }));

/**
 * One batcher per database handle (or any other key), made on first use: a group commit gathers the
 * callers of one pool, and tests build many apps in one process.
 */
export function batcherPer<K extends object, I, O>(
  make: (key: K) => Batcher<I, O>,
): (key: K) => Batcher<I, O> {
  const made = new WeakMap<K, Batcher<I, O>>();
  return (key) => {
    let batcher = made.get(key);
    if (!batcher) {
      batcher = make(key);
      made.set(key, batcher);
    }
    return batcher;
  };
}
