import { eq } from 'drizzle-orm';
import { MSG } from '../../../../shared/messages.ts';
import type { Tx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import { paymentSessions } from '../cashier.schema.ts';

/**
 * Before an operator decides a card or coin deposit whose payment the provider still holds: the
 * provider's answer decides it, so approval is refused (a later decline would find the request
 * approved and the member credited for money never paid). Rejection closes the session, so a
 * confirmation that still comes is recorded for reconciliation, as after any operator's refusal.
 * The session row is locked before the request, the order applyPaymentEvent takes.
 */
export async function settlePaymentSessionForOperator(tx: Tx, requestId: number, approve: boolean) {
  const [session] = await tx
    .select({ id: paymentSessions.id, status: paymentSessions.status })
    .from(paymentSessions)
    .where(eq(paymentSessions.cashRequestId, requestId))
    .for('update');
  if (session?.status !== 'pending') return;
  if (approve) {
    throw errors.waiting(
      'the payment provider still holds this payment: wait for its answer, or reject the request',
      MSG.waitOther,
    );
  }
  await tx
    .update(paymentSessions)
    .set({ status: 'cancelled', completedAt: new Date() })
    .where(eq(paymentSessions.id, session.id));
}
