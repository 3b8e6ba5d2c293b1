import type pg from 'pg';

/**
 * A pool connection kept while statements come back to back, and handed back to the pool when
 * they pause. pg.Pool hands out even an idle connection only after everything the event loop
 * already has queued (for the wallet's one batch in flight, the previous batch's HTTP replies), and
 * the database sat idle meanwhile. On a kept connection a statement is written before `query`
 * returns.
 */
export function heldConnection(pool: pg.Pool) {
  let kept: pg.PoolClient | undefined;
  let taking: Promise<pg.PoolClient> | undefined;
  // A connection lost while kept must not crash the process: it is closed and replaced.
  const onLost = (error: Error) => {
    if (kept) letGo(kept, error);
  };

  /** Gives the connection back to the pool: closed after an error, else for reuse. */
  function letGo(client: pg.PoolClient, error?: Error) {
    if (kept !== client) return; // an error event and the failed statement may both let go
    kept = undefined;
    client.off('error', onLost);
    client.release(error);
  }

  async function take(): Promise<pg.PoolClient> {
    taking ??= pool.connect().finally(() => {
      taking = undefined;
    });
    const client = await taking;
    if (kept !== client) {
      kept = client;
      client.on('error', onLost);
    }
    return client;
  }

  async function run<T>(client: pg.PoolClient, config: pg.QueryConfig): Promise<T[]> {
    try {
      return (await client.query(config)).rows as T[];
    } catch (error) {
      // The statement's own errors are answered inside it; one reaching here may have left the
      // connection in any state, so it is closed rather than reused.
      letGo(client, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  return {
    query<T>(config: pg.QueryConfig): Promise<T[]> {
      return kept ? run<T>(kept, config) : take().then((client) => run<T>(client, config));
    },
    /** Hands the connection back to the pool; the next query takes one again. */
    release() {
      if (kept) letGo(kept);
    },
  };
}
