import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';

/**
 * Fixed-window counters of login attempts per account and per address, kept in the database so
 * every process behind the load balancer sees them. An attempt is reserved (counted) atomically
 * BEFORE the slow password check, so concurrent guesses cannot all slip past the limit; a
 * successful login gives its reservation back. Unknown ids are counted exactly like real ones.
 */
export const accountKey = (loginId: string) => `acct:${loginId.toLowerCase()}`;
export const addressKey = (ip: string) => `addr:${ip}`;
export const operatorAddressKey = (ip: string) => `opaddr:${ip}`;

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** `{ ok: true }` when the attempt was counted and may go on; otherwise the seconds to wait. */
export type Reservation = { ok: true } | { ok: false; retryAfter: number };

interface CounterRow {
  key: string;
  failures: number;
  expired: boolean;
  ms_left: number;
}

/**
 * Counts one attempt against every key, all or nothing: the rows are locked (in key order, so
 * two attempts never wait on each other crosswise), checked, and incremented in one transaction.
 * An attempt over any limit changes nothing and is told how long to wait.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], windowMs: number): Promise<Reservation> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  const names = sorted.map((k) => k.key);
  const window = sql`(${windowMs}::float8 * interval '1 millisecond')`;
  return db.transaction(async (tx) => {
    for (const key of names) {
      await queryRows(
        tx,
        sql`insert into login_throttle (key, failures, window_started_at) values (${key}, 0, now())
            on conflict (key) do nothing`,
      );
    }
    const rows = await queryRows<CounterRow>(
      tx,
      sql`select key, failures, window_started_at < now() - ${window} as expired,
                 extract(epoch from (window_started_at + ${window} - now())) * 1000 as ms_left
          from login_throttle where key in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}) order by key for update`,
    );
    let waitMs = 0;
    for (const row of rows) {
      const limit = sorted.find((k) => k.key === row.key)?.limit ?? 0;
      if (!row.expired && row.failures >= limit) waitMs = Math.max(waitMs, Number(row.ms_left));
    }
    if (waitMs > 0) return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
    await queryRows(
      tx,
      sql`update login_throttle set
            failures = case when window_started_at < now() - ${window} then 1 else failures + 1 end,
            window_started_at = case when window_started_at < now() - ${window} then now() else window_started_at end
          where key in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
    );
    return { ok: true };
  });
}

/** The member-login keys: the account and the address it comes from. */
export const memberKeys = (config: Config, loginId: string, ip: string): ThrottleKey[] => [
  { key: accountKey(loginId), limit: config.loginMaxFailuresPerAccount },
  { key: addressKey(ip), limit: config.loginMaxFailuresPerAddress },
];

/**
 * A successful login clears the account's counter and gives the address back the one attempt it
 * reserved (not more: one good login must not reset a spray from that address).
 */
export async function releaseAfterSuccess(db: DbOrTx, accountKeyName: string | undefined, addrKey: string) {
  if (accountKeyName) await queryRows(db, sql`delete from login_throttle where key = ${accountKeyName}`);
  await queryRows(
    db,
    sql`update login_throttle set failures = greatest(failures - 1, 0) where key = ${addrKey}`,
  );
}
