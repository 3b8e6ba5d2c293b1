import { randomBytes, randomUUID } from 'node:crypto';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../src/server/providers/payments/sandbox/signature.ts';
import { attempt, type Reply, untilAnswered } from './calls.ts';

/** The sandbox payment provider's webhook secret every chaos server is started with (SANDBOX_PSP_SECRET). */
export const PSP_SECRET = randomBytes(32).toString('hex');

export interface PaymentEvent {
  eventId: string;
  sessionId: string;
  outcome: 'confirmed' | 'declined';
  amount: number;
}

/** A provider event about a session; a new event id unless one is given (a retry of the same notice). */
export const paymentEvent = (
  sessionId: string,
  outcome: PaymentEvent['outcome'],
  amount: number,
  eventId: string = randomUUID(),
): PaymentEvent => ({ eventId, sessionId, outcome, amount });

/** One delivery of the provider's signed callback; null when no answer came back. */
export function deliver(url: () => string, event: PaymentEvent): Promise<Reply | null> {
  const body = JSON.stringify(event);
  return attempt(`${url()}/payments/sandbox/webhook`, body, { [SIGNATURE_HEADER]: hmacSign(PSP_SECRET, body) });
}

/**
 * The provider's callback, delivered again after every unanswered attempt (as a provider retries) until
 * the server answers it: the outcome it answered ('credited', 'reversed', 'duplicate', 'already-final', ...).
 */
export async function deliverUntilAnswered(url: () => string, event: PaymentEvent): Promise<string> {
  const reply = await untilAnswered(
    () => deliver(url, event),
    (r) => r.status < 300 && r.json.status === 'success',
    `${event.outcome} ${event.sessionId}`,
  );
  return String(reply.json.outcome);
}
