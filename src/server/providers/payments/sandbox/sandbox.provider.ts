import { z } from 'zod';
import type {
  PaymentEvent,
  PaymentProvider,
  PaymentStatus,
} from '../../../modules/cashier/payments/provider.ts';
import { signedWebhookBody } from '../signed-webhook.ts';
import { SIGNATURE_HEADER } from './signature.ts';

const eventSchema = z.object({
  eventId: z.string().min(1).max(100),
  sessionId: z.string().min(1).max(100),
  outcome: z.enum(['confirmed', 'declined']),
  amount: z.number().int().positive(),
});

/** The built-in sandbox payment provider: its hosted pages live under /pay/sandbox. */
export function sandboxProvider(
  secret: string,
  /** The sandbox keeps no books of its own: the status of a session is the one recorded here. */
  lookup: (sessionId: string) => Promise<PaymentStatus | undefined> = async () => undefined,
): PaymentProvider {
  return {
    code: 'sandbox',
    testOnly: true,
    depositLauncherUrl: (sessionId) => `/pay/sandbox/deposit/${encodeURIComponent(sessionId)}`,
    withdrawalLauncherUrl: (memberRef, optionId) =>
      `/pay/sandbox/payout/${optionId}?member=${encodeURIComponent(memberRef)}`,
    parseWebhook: (rawBody, headers): PaymentEvent =>
      signedWebhookBody(secret, rawBody, headers[SIGNATURE_HEADER], eventSchema, 'a payment event'),
    queryStatus: lookup,
  };
}
