import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { prunePriceHistory } from './price-history-retention.ts';

/** Selection ids of this file only (the table is shared with other tests' real moves). */
const SELECTION = 9_000_000_000 + (process.pid % 1000) * 1000;
const DAY = 86_400_000;

describe.runIf(backendAvailable)('price history retention', () => {
  const t = useTestApp({ sportsHousekeepingMs: 3_600_000 });

  /** Rows of one selection, `ages` days old, in id order; answers their ids. */
  async function moves(selection: number, ages: number[], now: Date) {
    const rows = ages.map((age, i) => ({
      s: selection,
      n: 100 + i,
      at: new Date(now.getTime() - age * DAY).toISOString(),
    }));
    return (
      await queryRows<{ id: number }>(
        t.db,
        sql`insert into sb_price_history (selection_id, price_num, price_den, source, at)
            select s, n, 100, 'feed', at from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(s int8, n int8, at timestamptz)
            order by at returning id`,
      )
    ).map((r) => Number(r.id));
  }
  const left = async (selection: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select price_num as n from sb_price_history where selection_id = ${selection} order by id`,
      )
    ).map((r) => Number(r.n));

  it('deletes what is older than the age in bounded batches, keeps the rest, and stops at the first young row', async () => {
    // Whatever other tests left is older than this far-future "now": cleared first, so the oldest rows are ours.
    const now = new Date(Date.now() + 3_650 * DAY);
    await prunePriceHistory(t.db, { olderThanDays: 0, now, maxBatches: 10_000 });
    // 12 moves 40 to 35 days old, then 3 of 5 to 1 day.
    await moves(SELECTION, [40, 40, 39, 39, 38, 38, 37, 37, 36, 36, 35, 35, 5, 2, 1], now);

    // One batch of 5 at most: a run never takes more than its bound.
    expect(await prunePriceHistory(t.db, { olderThanDays: 30, now, batch: 5, maxBatches: 1 })).toBe(5);
    expect(await left(SELECTION)).toHaveLength(10);
    // The rest of the old ones, in batches of 5 (5, then 2 and a young row: the run stops there).
    expect(await prunePriceHistory(t.db, { olderThanDays: 30, now, batch: 5 })).toBe(7);
    expect(await left(SELECTION)).toEqual([112, 113, 114]);
    // Nothing older than the age is left: the next run deletes nothing.
    expect(await prunePriceHistory(t.db, { olderThanDays: 30, now, batch: 5 })).toBe(0);
    expect(await prunePriceHistory(t.db, { olderThanDays: 3, now, batch: 5 })).toBe(1);
    expect(await left(SELECTION)).toEqual([113, 114]);
  });
});
