/** PostgreSQL broke a lock wait (a deadlock) or a serializable transaction: nothing of it was kept. */
const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, as pg raises it or as drizzle wraps it (its `cause`). */
export const sqlStateOf = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
};

/**
 * Runs a transaction again when PostgreSQL undid it as a deadlock or a serialization failure, up to
 * `tries` times in all. Only for a transaction that reads again everything it decides on: the retry
 * must decide from what is true then.
 */
export async function runAgainOnRace<T>(run: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = sqlStateOf(error);
      if (!code || !RETRYABLE.has(code) || attempt >= tries) throw error;
    }
  }
}
