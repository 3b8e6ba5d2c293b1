import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { tellMember } from '../../inbox/news.service.ts';
import { paymentSessionMinutesBySite } from '../../sites/sites.service.ts';
import { decidePending } from '../cash-requests.repo.ts';
import { paymentSessions } from '../cashier.schema.ts';
import { BY_EXPIRY } from '../deciders.ts';
import { applyPaymentEvent } from './payments.service.ts';
import type { PaymentProvider } from './provider.ts';
import { DEFAULT_PAYMENT_SESSION_MINUTES } from './still-payable.ts';

export { DEFAULT_PAYMENT_SESSION_MINUTES };

/** The event id of the provider's answer to our status query: one per session, whatever it said. */
export const STATUS_QUERY = 'status-query:';

/** The shortest time a site may set: sessions younger than this are never looked at. */
const MIN_MINUTES = 5;

interface DueSession {
  id: string;
  provider: string;
  amount: number;
  site_id: number | null;
  created_at: string | Date;
}

/**
 * Pending payment sessions older than their site's `paymentSessionMinutes` (default 30), oldest
 * first; `memberId` narrows it to one member (checked before they start a new deposit).
 */
async function dueSessions(db: Db, now: Date, memberId: number | undefined, limit: number) {
  const candidates = await queryRows<DueSession>(
    db,
    sql`select s.id, s.provider, s.amount, o.site_id, s.created_at from payment_sessions s
        join cash_requests r on r.id = s.cash_request_id
        left join payment_options o on o.id = r.payment_option_id
        where s.status = 'pending'
          -- Asked already and left pending (paid at another amount): an operator's now, not the sweep's.
          and not exists (select 1 from payment_webhook_events e
                           where e.provider = s.provider and e.event_id = ${STATUS_QUERY} || s.id)
          and s.created_at < ${new Date(now.getTime() - MIN_MINUTES * 60_000).toISOString()}::timestamptz
          ${memberId === undefined ? sql`` : sql`and r.member_id = ${memberId}`}
        order by s.created_at limit ${limit}`,
  );
  if (candidates.length === 0) return [];
  const bySite = await paymentSessionMinutesBySite(db);
  return candidates.filter((c) => {
    const minutes =
      (c.site_id === null ? undefined : bySite.get(Number(c.site_id))) ?? DEFAULT_PAYMENT_SESSION_MINUTES;
    return now.getTime() - new Date(c.created_at).getTime() > minutes * 60_000;
  });
}

/**
 * Closes payment sessions nobody paid in time, after asking the provider where each stands: a payment
 * the provider confirms is credited (or declined) as its callback would be; one still open or unknown
 * expires, and its deposit request is cancelled so the member may deposit again. A callback that
 * arrives later is still applied (applyPaymentEvent). A provider that cannot answer now is asked on
 * the next pass. Safe to run in several processes: each session is decided under its row lock.
 */
export async function expirePaymentSessions(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  options: { now?: Date; memberId?: number; limit?: number } = {},
): Promise<{ expired: number; settled: number }> {
  const due = await dueSessions(db, options.now ?? new Date(), options.memberId, options.limit ?? 100);
  let expired = 0;
  let settled = 0;
  for (const session of due) {
    const provider = providers.get(session.provider);
    let status: Awaited<ReturnType<PaymentProvider['queryStatus']>>;
    try {
      status = provider ? await provider.queryStatus(session.id) : undefined;
    } catch {
      continue; // the provider is out of reach: ask again on the next pass
    }
    if (status && status.status !== 'pending') {
      const outcome = await applyPaymentEvent(db, session.provider, {
        eventId: `${STATUS_QUERY}${session.id}`,
        sessionId: session.id,
        outcome: status.status,
        amount: status.amount,
      });
      if (outcome !== 'amount-mismatch' && outcome !== 'duplicate') settled++;
    } else if (await expireSession(db, session.id)) {
      expired++;
    }
  }
  return { expired, settled };
}

/** Marks one still-pending session expired and cancels its request; false if it was decided meanwhile. */
async function expireSession(db: Db, sessionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'pending')))
      .for('update');
    if (!session) return false;
    await tx
      .update(paymentSessions)
      .set({ status: 'expired', completedAt: new Date() })
      .where(eq(paymentSessions.id, sessionId));
    const request = await decidePending(tx, session.cashRequestId, 'deposit', {
      status: 'cansel',
      decidedBy: BY_EXPIRY,
    });
    if (request) {
      await tellMember(
        tx,
        request.memberId,
        'depositExpired',
        { amount: request.amount },
        { lasting: false },
      );
    }
    return true;
  });
}
