import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';
import type { Site } from '../../sites/sites.service.ts';
import { REOPENABLE_BY } from '../deciders.ts';

/** How long a card or coin payment stays open when the site's settings name no time. */
export const DEFAULT_PAYMENT_SESSION_MINUTES = 30;

/** After a provider's page closes, how long a confirmation of a payment made on it may still come. */
const LATE_CONFIRMATION_MINUTES = 60;

/**
 * What the member may still be charged for card or coin deposits closed unpaid on our side (the
 * member cancelled, or the session expired): the provider's page stays open until the site's payment
 * time ends, and a confirmation is credited whenever it comes (applyPaymentEvent). A new deposit is
 * checked against the deposit limits with this added, so paying a closed session and a new one
 * cannot pass them. An operator's refusal is not counted: its late payment is never credited.
 */
export async function stillPayableDeposits(db: DbOrTx, memberId: number, site: Site): Promise<number> {
  const minutes =
    (site.settings.paymentSessionMinutes ?? DEFAULT_PAYMENT_SESSION_MINUTES) + LATE_CONFIRMATION_MINUTES;
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(s.amount), 0)::int8 as n
        from cash_requests r join payment_sessions s on s.cash_request_id = r.id
        where r.member_id = ${memberId} and r.kind = 'deposit' and r.status = 'cansel'
          and r.decided_by in (${sql.join(
            REOPENABLE_BY.map((by) => sql`${by}`),
            sql`, `,
          )})
          and s.status in ('cancelled', 'expired')
          and s.created_at > now() - ${minutes}::float8 * interval '1 minute'`,
  );
  return Number(row?.n ?? 0);
}
