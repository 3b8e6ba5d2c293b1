import { and, desc, eq, lt, notExists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberCards } from '../accounts/members.service.ts';
import type { Site } from '../sites/sites.service.ts';
import { type CashRequestKind, cashRequests, paymentReversals } from './cashier.schema.ts';

/** How many lines the public ticker shows. */
export const TICKER_LINES = 10;
/**
 * The most approvals (of every site) one ticker read walks. Without a bound, a guest's call on a
 * site with few approvals, sharing its database with a larger one, walked every approval the larger
 * site ever had, two queries per 40 rows, as often as anyone asked (no session, no limit).
 */
export const TICKER_SCAN = 2_000;

/** A member id as the public may see it: the first two characters, the rest as stars. */
export const maskLoginId = (loginId: string) =>
  `${loginId.slice(0, 2)}${'*'.repeat(Math.max(0, loginId.length - 2))}`;

/**
 * The site's latest approved deposits or withdrawals, for the public ticker (the older front ends'
 * get_balance_deposit_lock / get_balance_withdraw_lock): amount, time and a masked member id only.
 * Walks the partial index cash_requests_approved (kind, decided_at desc) in batches, keeps the site's
 * members' (asked of the accounts module), and stops at TICKER_LINES or after TICKER_SCAN rows (a
 * site with none among the latest TICKER_SCAN approvals shows fewer lines, or none). A deposit its
 * payment provider reversed (a chargeback) is not shown: that money never stayed.
 */
export async function cashTicker(db: Db, site: Site, kind: CashRequestKind) {
  const lines: { amount: number; userId: string; at: string }[] = [];
  // Newest first in batches; the members' site is asked of the accounts module per batch.
  const batch = TICKER_LINES * 4;
  let before: Date | undefined;
  let beforeId: number | undefined;
  for (let scanned = 0; scanned < TICKER_SCAN; scanned += batch) {
    const rows = await db
      .select({
        id: cashRequests.id,
        amount: cashRequests.amount,
        at: cashRequests.decidedAt,
        memberId: cashRequests.memberId,
      })
      .from(cashRequests)
      .where(
        and(
          eq(cashRequests.kind, kind),
          eq(cashRequests.status, 'already'),
          notExists(
            db
              .select({ one: paymentReversals.id })
              .from(paymentReversals)
              .where(eq(paymentReversals.cashRequestId, cashRequests.id)),
          ),
          before && beforeId !== undefined
            ? or(
                lt(cashRequests.decidedAt, before),
                and(eq(cashRequests.decidedAt, before), lt(cashRequests.id, beforeId)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(cashRequests.decidedAt), desc(cashRequests.id))
      .limit(batch);
    const cards = await memberCards(
      db,
      rows.map((r) => r.memberId),
    );
    for (const r of rows) {
      const member = cards.get(r.memberId);
      if (member?.siteId !== site.id) continue;
      lines.push({
        amount: r.amount,
        userId: maskLoginId(member.loginId),
        at: (r.at ?? new Date(0)).toISOString(),
      });
      if (lines.length === TICKER_LINES) return lines;
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last?.at) return lines;
    before = last.at;
    beforeId = last.id;
  }
  return lines;
}
