import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { JOB_SCHEMA } from '../../jobs/pg-boss-jobs.ts';
import { attemptLimits } from './accounts.schema.ts';
import { clearExpiredAttempts, EXPIRED_KEPT_MS } from './attempt-limits.ts';

describe.runIf(backendAvailable)('login and code counters', () => {
  const t = useTestApp();

  it('are deleted an hour after their window ended, and not before', async () => {
    const now = Date.now();
    const keys = { old: 'sweep-test:old', recent: 'sweep-test:recent', running: 'sweep-test:running' };
    await t.db.insert(attemptLimits).values([
      { key: keys.old, points: 3, expire: new Date(now - EXPIRED_KEPT_MS - 60_000) },
      { key: keys.recent, points: 3, expire: new Date(now - EXPIRED_KEPT_MS + 10 * 60_000) },
      { key: keys.running, points: 1, expire: new Date(now + 60_000) },
    ]);
    const left = async () =>
      (
        await t.db
          .select({ key: attemptLimits.key })
          .from(attemptLimits)
          .where(inArray(attemptLimits.key, Object.values(keys)))
      )
        .map((r) => r.key)
        .sort();
    expect(await clearExpiredAttempts(t.db, now)).toBeGreaterThanOrEqual(1);
    expect(await left()).toEqual([keys.recent, keys.running]);
    expect(await clearExpiredAttempts(t.db, now)).toBe(0);
  });

  it('are swept by a periodic job the app registers (once per period across its processes)', async () => {
    await t.app.jobs.start();
    const queues = await queryRows<{ name: string }>(
      t.db,
      sql`select name from ${sql.identifier(JOB_SCHEMA)}.queue where name = 'attempt-limits-sweep'`,
    );
    expect(queues).toEqual([{ name: 'attempt-limits-sweep' }]);
  });
});
