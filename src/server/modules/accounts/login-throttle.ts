import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { loginThrottle } from './accounts.schema.ts';

/**
 * Fixed-window counters of failed logins per account and per address, kept in the database so
 * every process behind the load balancer sees them. A key over its limit is refused until its
 * window ends; the counters of unknown ids behave exactly like those of real ones.
 */
export const accountKey = (loginId: string) => `acct:${loginId.toLowerCase()}`;
export const addressKey = (ip: string) => `addr:${ip}`;

export async function secondsUntilAllowed(db: DbOrTx, config: Config, loginId: string, ip: string) {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [accountKey(loginId), addressKey(ip)]));
  const now = Date.now();
  let waitMs = 0;
  for (const row of rows) {
    const limit = row.key.startsWith('acct:')
      ? config.loginMaxFailuresPerAccount
      : config.loginMaxFailuresPerAddress;
    const windowEnds = row.windowStartedAt.getTime() + config.loginWindowMs;
    if (row.failures >= limit && windowEnds > now) waitMs = Math.max(waitMs, windowEnds - now);
  }
  return Math.ceil(waitMs / 1000);
}

export async function recordFailure(db: DbOrTx, config: Config, loginId: string, ip: string) {
  const windowMs = config.loginWindowMs;
  for (const key of [accountKey(loginId), addressKey(ip)]) {
    await queryRows(
      db,
      sql`insert into login_throttle (key, failures, window_started_at) values (${key}, 1, now())
          on conflict (key) do update set
            failures = case when login_throttle.window_started_at < now() - ${windowMs}::float8 * interval '1 millisecond'
                            then 1 else login_throttle.failures + 1 end,
            window_started_at = case when login_throttle.window_started_at < now() - ${windowMs}::float8 * interval '1 millisecond'
                            then now() else login_throttle.window_started_at end`,
    );
  }
}

/** A successful login clears the account's counter (not the address's: one good login must not reset a spray). */
export async function clearAccountFailures(db: DbOrTx, loginId: string) {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [accountKey(loginId)]));
}
