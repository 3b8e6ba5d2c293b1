import { count, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentSessions } from '../cashier.schema.ts';

/**
 * How far back the metrics look: a site lets a session wait at most a day (paymentSessionMinutes ≤ 1440)
 * and the sweep runs every minute, so every session still pending is this recent.
 */
export const PAYMENT_SESSION_WINDOW_HOURS = 25;

/** The query behind paymentSessionCounts, exported for its plan test. */
export function paymentSessionCountsQuery(db: Db) {
  return db
    .select({ status: paymentSessions.status, n: count() })
    .from(paymentSessions)
    .where(
      gt(paymentSessions.createdAt, sql`now() - make_interval(hours => ${PAYMENT_SESSION_WINDOW_HOURS})`),
    )
    .groupBy(paymentSessions.status);
}

/**
 * Payment sessions opened in the last 25 hours (every pending one among them), by their state now, for the metrics: pending ones that pile
 * up mean a provider stopped answering. The window keeps each scrape to one day's part of the
 * payment_sessions_recent index, however many payments were ever made.
 */
export async function paymentSessionCounts(db: Db): Promise<Record<string, number>> {
  const rows = await paymentSessionCountsQuery(db);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}
