import { sql } from 'drizzle-orm';
import type { ReadFrom } from '../../shared/contract/admin/read-from.ts';
import { type Database, type Db, queryRows } from './client.ts';

/**
 * Where the back office's dashboard, searches and reports read: a replica (DATABASE_REPLICA_URL) while
 * it is up and at most `maxLagSeconds` behind, else the primary. Money decisions never come here: they
 * read the primary through the app's own handle.
 */
export interface ReportReader {
  /** The handle to read from now, and what the screen says about it. */
  pick(): Promise<{ db: Db; readFrom: ReadFrom }>;
  /** Reads served by the replica since start (tests, and the system-health page). */
  replicaReads(): number;
}

/**
 * On the replica: 0 when it has replayed all it received and still streams; otherwise how old its
 * last replayed commit is (an idle stream is caught up, a broken one ages). A server that is not a
 * standby (a copy used in tests) is 0 behind.
 */
const LAG_SQL = sql`select (case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
       and exists (select from pg_stat_wal_receiver where status = 'streaming') then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 1e9)
end)::float8 as lag`;

/** The lag is measured at most this often: a page's several reads share one measurement. */
const RECHECK_MS = 1_000;
/**
 * A replica that does not answer within this is taken as down: behind pgbouncer a missing standby
 * shows as a wait for a server connection, not as a refusal.
 */
const ANSWER_MS = 1_000;

export function reportReader(
  primary: Db,
  replica: Database | undefined,
  maxLagSeconds: number,
  now: () => number = Date.now,
): ReportReader {
  const onPrimary = { db: primary, readFrom: { source: 'primary', lagSeconds: 0 } as ReadFrom };
  let served = 0;
  let checked: { at: number; lag: number | undefined } | undefined;
  let checking: Promise<number | undefined> | undefined;

  async function measure(): Promise<number | undefined> {
    if (!replica) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, ANSWER_MS, undefined);
    });
    try {
      const measured = queryRows<{ lag: number }>(replica.db, LAG_SQL).then(([row]) => row?.lag);
      measured.catch(() => {}); // a late failure after the timeout has nobody to tell
      return await Promise.race([measured, late]);
    } catch {
      return undefined; // the replica is down: the primary answers
    } finally {
      clearTimeout(timer);
    }
  }

  async function lag(): Promise<number | undefined> {
    if (checked && now() - checked.at < RECHECK_MS) return checked.lag;
    checking ??= measure().finally(() => {
      checking = undefined;
    });
    const value = await checking;
    checked = { at: now(), lag: value };
    return value;
  }

  return {
    async pick() {
      if (!replica) return onPrimary;
      const seconds = await lag();
      if (seconds === undefined || seconds > maxLagSeconds) {
        return {
          db: primary,
          readFrom: { source: 'primary', lagSeconds: 0, replicaLagSeconds: seconds ?? null },
        };
      }
      served += 1;
      return { db: replica.db, readFrom: { source: 'replica', lagSeconds: Math.round(seconds * 10) / 10 } };
    },
    replicaReads: () => served,
  };
}
