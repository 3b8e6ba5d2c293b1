import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../accounts/accounts.schema.ts';
import type { Site } from '../sites/sites.service.ts';
import { type CashRequestKind, cashRequests } from './cashier.schema.ts';

/** How many lines the public ticker shows. */
export const TICKER_LINES = 10;

/** A member id as the public may see it: the first two characters, the rest as stars. */
export const maskLoginId = (loginId: string) =>
  `${loginId.slice(0, 2)}${'*'.repeat(Math.max(0, loginId.length - 2))}`;

/**
 * The site's latest approved deposits or withdrawals, for the public ticker (the older front ends'
 * get_balance_deposit_lock / get_balance_withdraw_lock): amount, time and a masked member id only.
 * Walks the partial index cash_requests_approved (kind, decided_at desc) and stops at TICKER_LINES.
 */
export async function cashTicker(db: Db, site: Site, kind: CashRequestKind) {
  const rows = await db
    .select({ amount: cashRequests.amount, at: cashRequests.decidedAt, loginId: members.loginId })
    .from(cashRequests)
    .innerJoin(members, eq(members.id, cashRequests.memberId))
    .where(and(eq(cashRequests.kind, kind), eq(cashRequests.status, 'already'), eq(members.siteId, site.id)))
    .orderBy(desc(cashRequests.decidedAt))
    .limit(TICKER_LINES);
  return rows.map((r) => ({
    amount: r.amount,
    userId: maskLoginId(r.loginId),
    at: (r.at ?? new Date(0)).toISOString(),
  }));
}
