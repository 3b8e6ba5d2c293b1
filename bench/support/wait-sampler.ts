import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';

/**
 * Samples pg_stat_activity every `everyMs` while a load runs: what the database's other backends are
 * doing (running, waiting for a lock, a client, the WAL's flush), counted per state, wait event and
 * statement. Where a load's time goes inside PostgreSQL, without a profiler.
 */
export function sampleWaits(db: Db, everyMs = 20) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await queryRows<{ what: string }>(
        db,
        sql`select coalesce(state, '?') || ' | ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' | '
                   || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 70) as what
            from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
              and state <> 'idle'`,
      );
      samples++;
      for (const r of rows) counts.set(r.what, (counts.get(r.what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    /** Stops and prints the `top` most seen, as the average number of backends in each per sample. */
    async stop(label: string, top = 15) {
      running = false;
      await loop;
      console.log(
        `\n${label}: busy backends by state | wait | statement (${samples} samples, average per sample)`,
      );
      for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(`  ${(n / Math.max(1, samples)).toFixed(2).padStart(6)}  ${what}`);
    },
  };
}
