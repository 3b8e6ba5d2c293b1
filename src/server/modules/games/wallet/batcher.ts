/** What one item of a batch came to: its own value, or its own error. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions {
  /** Batches running at once; more wait and are coalesced into the next one. */
  maxInFlight: number;
  /** Items per batch at most. */
  maxBatch: number;
  /** Called when the last batch has returned and nothing waits. */
  onIdle?: () => void;
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
 * throws, every item of that batch gets the error.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<Outcome<O>[]>, options: BatcherOptions) {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function send(batch: Pending<I, O>[]) {
    try {
      const outcomes = await run(batch.map((p) => p.item));
      if (outcomes.length !== batch.length) {
        throw new Error(`batch of ${batch.length} answered with ${outcomes.length} outcomes`);
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
          setImmediate(flush);
        }
      });
    },
  };
}

export type Batcher<I, O> = ReturnType<typeof createBatcher<I, O>>;
