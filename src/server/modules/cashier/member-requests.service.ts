import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { assertMayPlay } from '../protection/protection.service.ts';
import { findOwnRequest } from './cash-requests.repo.ts';
import { type CashRequestKind, PENDING_STATUSES, paymentSessions } from './cashier.schema.ts';
import { BY_MEMBER } from './deciders.ts';
import { decideDeposit } from './deposits.service.ts';
import { applyPaymentEvent } from './payments/payments.service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { STATUS_QUERY } from './payments/session-expiry.ts';
import { decideWithdrawal } from './withdrawals.service.ts';

const decided = () => errors.conflict('this request is no longer pending', {}, MSG.requestDecided);
const notYours = () => errors.notInList('no pending request with this id in your list', MSG.requestDecided);

/**
 * The member cancels their own pending request. A withdrawal's held amount returns to cash at once
 * (the ledger's withdraw-return). A card or coin deposit asks its provider first: a payment already
 * made is credited instead. Against an operator's decision at the same moment exactly one wins: both
 * go through the same conditional update of the pending row (decidePending).
 */
export async function cancelOwnRequest(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  memberId: number,
  kind: CashRequestKind,
  id: number,
): Promise<void> {
  const request = await findOwnRequest(db, memberId, kind, id);
  if (!request) throw notYours();
  if (!PENDING_STATUSES.includes(request.status)) throw decided();
  const session = kind === 'deposit' ? await sessionOf(db, id) : undefined;
  if (session?.status === 'pending') {
    const provider = providers.get(session.provider);
    const status = await provider?.queryStatus(session.id).catch(() => undefined);
    if (status?.status === 'confirmed') {
      await applyPaymentEvent(db, session.provider, {
        eventId: `${STATUS_QUERY}${session.id}`,
        sessionId: session.id,
        outcome: 'confirmed',
        amount: status.amount,
      });
      throw decided();
    }
  }
  await db
    .transaction(async (tx) => {
      if (kind === 'withdraw') return void (await decideWithdrawal(tx, id, 'cansel', { by: BY_MEMBER }));
      // The session's lock before the request's, the order the provider's callback and an operator's
      // decision take: in the other order each would wait on the other (a deadlock, a 500).
      await tx
        .select({ id: paymentSessions.id })
        .from(paymentSessions)
        .where(eq(paymentSessions.cashRequestId, id))
        .for('update');
      await decideDeposit(tx, id, 'cansel', { by: BY_MEMBER });
      // A payment that still arrives for it is credited all the same (applyPaymentEvent).
      await tx
        .update(paymentSessions)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(and(eq(paymentSessions.cashRequestId, id), eq(paymentSessions.status, 'pending')));
    })
    .catch((error: unknown) => {
      // Decided by someone else a moment ago (notPending's 409): say so in the member's words.
      if (error instanceof ApiError && error.httpStatus === 409) throw decided();
      throw error;
    });
}

/** The hosted payment page of the member's card or coin deposit that is still open, to pay it after all. */
export async function resumeDepositPayment(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  memberId: number,
  id: number,
): Promise<{ launcherUrl: string }> {
  const request = await findOwnRequest(db, memberId, 'deposit', id);
  if (!request) throw notYours();
  // A break or self-exclusion since the payment was opened: no deposit, old or new, is taken up again.
  await assertMayPlay(db, memberId);
  const session = await sessionOf(db, id);
  const provider = session && providers.get(session.provider);
  if (request.status !== 'reg' || session?.status !== 'pending' || !provider) {
    throw errors.conflict('this payment is no longer open', {}, MSG.paymentClosed);
  }
  return { launcherUrl: provider.depositLauncherUrl(session.id) };
}

async function sessionOf(db: Db, cashRequestId: number) {
  const [session] = await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.cashRequestId, cashRequestId));
  return session;
}
