import { z } from 'zod';
import { hmacSignatureValid } from '../../../http/hmac-signature.ts';
import {
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStatus,
  WebhookRefused,
} from '../../../modules/cashier/payments/provider.ts';
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
    parseWebhook(rawBody, headers): PaymentEvent {
      const signature = headers[SIGNATURE_HEADER];
      if (!hmacSignatureValid(secret, rawBody, signature)) {
        throw new WebhookRefused('bad or missing signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRefused('body is not JSON');
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRefused('body is not a payment event');
      return parsed.data;
    },
    queryStatus: lookup,
  };
}
