import type { DbOrTx } from './client.ts';

/**
 * A read every caller shares for `ttlMs` (per database): a page many visitors open runs its query once
 * per period, however many ask at once. A failed read is not kept. `forget` drops what is kept (for
 * tests that change the data and look again).
 */
export function cachedRead<T>(ttlMs: number, read: (db: DbOrTx) => Promise<T>) {
  let kept = new WeakMap<DbOrTx, { at: number; value: Promise<T> }>();
  const get = (db: DbOrTx): Promise<T> => {
    const now = Date.now();
    const hit = kept.get(db);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = read(db);
    kept.set(db, { at: now, value });
    value.catch(() => {
      if (kept.get(db)?.value === value) kept.delete(db);
    });
    return value;
  };
  return Object.assign(get, {
    forget: () => {
      kept = new WeakMap();
    },
  });
}
