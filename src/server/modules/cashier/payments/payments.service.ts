import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { MSG } from '../../../../shared/messages.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import type { SessionMember } from '../../accounts/sessions.service.ts';
import type { Site } from '../../sites/sites.service.ts';
import { decidePending, reopenForLatePayment } from '../cash-requests.repo.ts';
import {
  type CashRequestKind,
  cashRequests,
  paymentOptions,
  paymentSessions,
  paymentWebhookEvents,
} from '../cashier.schema.ts';
import { creditDeposit, requestDeposit } from '../deposits.service.ts';
import { reverseDeposit } from './deposit-reversal.ts';
import { assertWithinLimits } from './option-limits.ts';
import type { PaymentEvent, PaymentProvider, PaymentStatus } from './provider.ts';
import { noRealProvider, type PaymentMode, testPaymentsAllowed } from './test-payments.ts';

export type PaymentOption = typeof paymentOptions.$inferSelect;

export async function listPaymentOptions(db: Db, siteId: number, direction: CashRequestKind) {
  const rows = await db
    .select()
    .from(paymentOptions)
    .where(
      and(
        eq(paymentOptions.siteId, siteId),
        eq(paymentOptions.direction, direction),
        eq(paymentOptions.enabled, true),
      ),
    )
    .orderBy(asc(paymentOptions.sortOrder), asc(paymentOptions.id));
  return rows.map((o) => ({
    idx: o.id,
    name: o.name,
    kind: o.kind,
    minAmount: o.minAmount,
    maxAmount: o.maxAmount,
  }));
}

export async function findOption(db: Db, site: Site, idx: number, direction: CashRequestKind) {
  const [option] = await db
    .select()
    .from(paymentOptions)
    .where(
      and(eq(paymentOptions.id, idx), eq(paymentOptions.siteId, site.id), eq(paymentOptions.enabled, true)),
    );
  if (!option || option.direction !== direction) {
    throw errors.notInList(`no ${direction} payment option ${idx} on this site`, MSG.failure);
  }
  return option;
}

/**
 * Starts a deposit paid at a provider: a request in status 'reg' plus a payment session, and the
 * provider's hosted page to open. The same `code` again returns the same page.
 */
export async function startDepositPayment(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  member: SessionMember,
  site: Site,
  input: { amount: number; code: string; idx: number; promo?: number; mode?: PaymentMode },
): Promise<{ launcherUrl: string }> {
  const option = await findOption(db, site, input.idx, 'deposit');
  const provider = providers.get(option.provider);
  if (!provider) throw new Error(`payment provider ${option.provider} is not installed`);
  // A production site whose option points at the sandbox with test payments off says so plainly.
  if (provider.testOnly && !testPaymentsAllowed(input.mode ?? { production: false }, site.settings)) {
    throw noRealProvider();
  }
  return db.transaction(async (tx) => {
    const { request, replay } = await requestDeposit(tx, member, site, {
      amount: input.amount,
      code: input.code,
      paymentOptionId: option.id,
      status: 'reg',
      promo: input.promo,
    });
    if (!replay) assertWithinLimits(option, input.amount);
    const [existing] = await tx
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.cashRequestId, request.id));
    const sessionId = existing?.id ?? randomBytes(16).toString('base64url');
    if (!existing) {
      await tx.insert(paymentSessions).values({
        id: sessionId,
        provider: provider.code,
        cashRequestId: request.id,
        amount: request.amount,
      });
    }
    return { launcherUrl: provider.depositLauncherUrl(sessionId) };
  });
}

export async function findPaymentSession(db: Db, id: string) {
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  return session;
}

/**
 * A session's status as a provider that keeps no books of its own (the sandbox) reports it: a
 * session we closed unpaid (expired, cancelled) is one nobody has paid yet.
 */
export async function recordedPaymentStatus(db: Db, id: string): Promise<PaymentStatus | undefined> {
  const session = await findPaymentSession(db, id);
  if (!session) return undefined;
  const { status, amount } = session;
  // A reversed payment is one the provider gave back: declined, as it would answer.
  if (status === 'reversed') return { status: 'declined', amount };
  return { status: status === 'confirmed' || status === 'declined' ? status : 'pending', amount };
}

export type EventOutcome =
  | 'credited'
  | 'cancelled'
  | 'reversed'
  | 'duplicate'
  | 'already-final'
  | 'contradicts-final'
  | 'amount-mismatch'
  | 'unknown-session'
  | 'request-not-pending';

/**
 * Applies a verified provider event exactly once, whatever the number or order of deliveries, in
 * one transaction: the event id is recorded under a unique index, the session row is locked, and the
 * deposit request is decided with its ledger credit. A final session changes once more at most: a
 * 'declined' after a credit (a reversal, a chargeback) takes the credit back (deposit-reversal.ts) and
 * leaves it 'reversed', final for good; a payment after a decline is answered 'contradicts-final' for
 * reconciliation.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
): Promise<EventOutcome> {
  return db.transaction(async (tx): Promise<EventOutcome> => {
    const [recorded] = await tx
      .insert(paymentWebhookEvents)
      .values({
        provider,
        eventId: event.eventId,
        sessionId: event.sessionId,
        outcome: event.outcome,
        payload: event,
      })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!recorded) return 'duplicate';
    const [session] = await tx
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.id, event.sessionId), eq(paymentSessions.provider, provider)))
      .for('update');
    if (!session) return 'unknown-session';
    const decider = { by: `psp:${provider}`, reason: `payment ${event.outcome} (${event.eventId})` };
    const amountDiffers = event.outcome === 'confirmed' && event.amount !== session.amount;
    // Paid after the session was closed unpaid (expired, or the member cancelled): the money came, so it is credited.
    if (LATE_PAYABLE.includes(session.status) && event.outcome === 'confirmed') {
      return amountDiffers ? 'amount-mismatch' : creditLatePayment(tx, session, decider);
    }
    if (session.status === 'confirmed' && event.outcome === 'declined') {
      // Never credited (an operator refused the request first): nothing to take back, someone must look.
      return (await reverseDeposit(tx, provider, session, event)) ? 'reversed' : 'contradicts-final';
    }
    if (session.status !== 'pending') {
      return contradicts(session.status, event.outcome) ? 'contradicts-final' : 'already-final';
    }
    if (amountDiffers) return 'amount-mismatch';
    await tx
      .update(paymentSessions)
      .set({ status: event.outcome, completedAt: new Date() })
      .where(eq(paymentSessions.id, session.id));
    const status = event.outcome === 'confirmed' ? 'already' : 'cansel';
    const decided = await decidePending(tx, session.cashRequestId, 'deposit', {
      status,
      decidedBy: decider.by,
      reason: decider.reason,
    });
    // An operator cancelled the request first: the payment stays recorded for reconciliation.
    if (!decided) return 'request-not-pending';
    if (status === 'already') await creditDeposit(tx, decided, decider.by);
    return status === 'already' ? 'credited' : 'cancelled';
  });
}

/**
 * The provider's word against its own earlier one: paid after a decline or after a reversal. Nothing
 * moves (the session is final), but someone must look.
 */
const contradicts = (status: PaymentSession['status'], outcome: PaymentEvent['outcome']) =>
  (status === 'declined' || status === 'reversed') && outcome === 'confirmed';

/** Sessions closed on our side without the provider's word: a confirmation may still arrive. */
const LATE_PAYABLE: PaymentSession['status'][] = ['expired', 'cancelled'];

type PaymentSession = typeof paymentSessions.$inferSelect;

async function creditLatePayment(
  tx: Tx,
  session: PaymentSession,
  decider: { by: string; reason: string },
): Promise<EventOutcome> {
  await tx
    .update(paymentSessions)
    .set({ status: 'confirmed', completedAt: new Date() })
    .where(eq(paymentSessions.id, session.id));
  const reopened = await reopenForLatePayment(tx, session.cashRequestId, {
    decidedBy: decider.by,
    reason: decider.reason,
  });
  // An operator refused the request meanwhile: the payment stays recorded for reconciliation.
  if (!reopened) return 'request-not-pending';
  await creditDeposit(tx, reopened, decider.by);
  return 'credited';
}

/*
 * What a payment provider's own pages (the sandbox's hosted pages) may read of the cashier.
 */

export { verifyMemberRef } from './member-ref.ts';
export { sessionAllowsTestPayments } from './test-payments.ts';

/** A payment option by its id. */
export async function findPaymentOption(db: Db, id: number): Promise<PaymentOption | undefined> {
  const [option] = await db.select().from(paymentOptions).where(eq(paymentOptions.id, id));
  return option;
}

/** The payment option a deposit request was made with, and the option's site. */
export async function depositOptionOf(
  db: Db,
  cashRequestId: number,
): Promise<{ kind: PaymentOption['kind']; name: string; siteId: number } | undefined> {
  const [row] = await db
    .select({ kind: paymentOptions.kind, name: paymentOptions.name, siteId: paymentOptions.siteId })
    .from(cashRequests)
    .innerJoin(paymentOptions, eq(paymentOptions.id, cashRequests.paymentOptionId))
    .where(eq(cashRequests.id, cashRequestId));
  return row;
}
