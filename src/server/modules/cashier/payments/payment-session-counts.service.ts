import { count } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentSessions } from '../cashier.schema.ts';

/**
 * Payment sessions by state, for the metrics: pending ones that pile up mean a provider stopped
 * answering. One index-only pass over a small status column.
 */
export async function paymentSessionCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: paymentSessions.status, n: count() })
    .from(paymentSessions)
    .groupBy(paymentSessions.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}
