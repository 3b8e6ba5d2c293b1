import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/jobs.ts';

/** Rows one statement deletes at most: a short lock, a small WAL record, whatever the backlog. */
export const PRUNE_BATCH = 5_000;
/** Statements one run makes at most (a backlog larger than this goes over the next runs). */
export const PRUNE_MAX_BATCHES = 200;
/** How often the job runs across all processes. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Deletes price history older than `olderThanDays` (sb_price_history grows one row per price move), in
 * batches of `batch` rows, at most `maxBatches` statements a run; answers the rows deleted. A batch is
 * the oldest rows by id (ids grow with time: every row is written at the time of its move), and of
 * those the ones past the age; the run stops at the first batch with a row still young enough, so it
 * never scans the table for what it keeps and needs no index of its own on the feed's hot insert.
 */
export async function prunePriceHistory(
  db: Db,
  opts: { olderThanDays: number; batch?: number; maxBatches?: number; now?: Date },
): Promise<number> {
  const batch = opts.batch ?? PRUNE_BATCH;
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.olderThanDays * 86_400_000);
  let deleted = 0;
  for (let i = 0; i < (opts.maxBatches ?? PRUNE_MAX_BATCHES); i++) {
    const [row] = await queryRows<{ examined: number; gone: number }>(
      db,
      sql`with oldest as (select id, at from sb_price_history order by id limit ${batch}),
            gone as (delete from sb_price_history h using oldest o
                     where h.id = o.id and o.at < ${cutoff.toISOString()}::timestamptz returning h.id)
          select (select count(*) from oldest)::int as examined, (select count(*) from gone)::int as gone`,
    );
    deleted += Number(row?.gone ?? 0);
    if (Number(row?.gone ?? 0) < Number(row?.examined ?? 0) || Number(row?.examined ?? 0) < batch) break;
  }
  return deleted;
}

/** The retention job (hourly, once across all processes); `olderThanDays` 0 keeps everything. */
export function priceHistoryRetention(
  db: Db,
  jobs: JobRunner,
  olderThanDays: number,
  log: { info(obj: object, msg: string): void },
): void {
  if (olderThanDays <= 0) return;
  jobs.every('sports-price-history-retention', PRUNE_EVERY_MS, async () => {
    const deleted = await prunePriceHistory(db, { olderThanDays });
    if (deleted > 0) log.info({ deleted, olderThanDays }, 'sports price history pruned');
  });
}
