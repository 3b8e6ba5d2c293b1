import { z } from 'zod';
import { type PaymentEvent, type PaymentProvider, WebhookRefused } from '../provider.ts';
import { SIGNATURE_HEADER, signatureMatches } from './signature.ts';

const eventSchema = z.object({
  eventId: z.string().min(1).max(100),
  sessionId: z.string().min(1).max(100),
  outcome: z.enum(['confirmed', 'declined']),
  amount: z.number().int().positive(),
});

/** The built-in sandbox payment provider: its hosted pages live under /pay/sandbox. */
export function sandboxProvider(secret: string): PaymentProvider {
  return {
    code: 'sandbox',
    depositLauncherUrl: (sessionId) => `/pay/sandbox/deposit/${encodeURIComponent(sessionId)}`,
    withdrawalLauncherUrl: (memberRef, optionId) =>
      `/pay/sandbox/payout/${optionId}?member=${encodeURIComponent(memberRef)}`,
    parseWebhook(rawBody, headers): PaymentEvent {
      const signature = headers[SIGNATURE_HEADER];
      if (!signatureMatches(secret, rawBody, typeof signature === 'string' ? signature : undefined)) {
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
  };
}
