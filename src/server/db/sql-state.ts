/** The SQLSTATE of a database error, as pg raises it or as drizzle wraps it (its `cause`). */
export const sqlStateOf = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.cause?.code ?? e?.code;
};

/** PostgreSQL broke a lock wait (a deadlock) or a serializable transaction: nothing of it was kept. */
export const undoneByRace = (code: string | undefined): boolean => code === '40001' || code === '40P01';
