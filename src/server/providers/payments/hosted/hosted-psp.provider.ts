import { z } from 'zod';
import { hmacSign, hmacSignatureValid } from '../../../http/hmac-signature.ts';
import type {
  PaymentEvent,
  PaymentProvider,
  PaymentStatus,
} from '../../../modules/cashier/payments/provider.ts';
import { signedWebhookBody } from '../signed-webhook.ts';

/**
 * The shape of a real card/crypto payment provider (PSP): a hosted payment page the member is sent
 * to, a signed server-to-server callback, and a status query for reconciliation. Configured with
 * PSP_BASE_URL, PSP_MERCHANT_ID and PSP_SECRET (README); fit the paths and field names to the PSP's
 * documentation. The sandbox implements the same PaymentProvider interface.
 */
export interface HostedPspConfig {
  code: string;
  baseUrl: string;
  merchantId: string;
  secret: string;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export const PSP_SIGNATURE_HEADER = 'x-psp-signature';

/** The one HMAC helper the wallet and the sandbox use too. */
const hmac = hmacSign;
const signatureOk = hmacSignatureValid;

const callbackSchema = z.object({
  eventId: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  status: z.enum(['succeeded', 'failed']),
  amount: z.number().int().positive(),
});

const statusSchema = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: z.number().int().nonnegative(),
});

const STATUS_OF = { pending: 'pending', succeeded: 'confirmed', failed: 'declined' } as const;

export function hostedPspProvider(config: HostedPspConfig): PaymentProvider {
  const base = config.baseUrl.replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  /** Query-string links are signed so the PSP knows they came from this merchant. */
  const signedLink = (path: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ merchant: config.merchantId, ...params });
    query.set('signature', hmac(config.secret, `${path}?${query.toString()}`));
    return `${base}${path}?${query.toString()}`;
  };
  return {
    code: config.code,
    testOnly: false,
    depositLauncherUrl: (sessionId) => signedLink('/checkout', { reference: sessionId }),
    withdrawalLauncherUrl: (memberRef, optionId) =>
      signedLink('/payouts/setup', { member: memberRef, option: String(optionId) }),
    parseWebhook(rawBody, headers): PaymentEvent {
      const { eventId, reference, status, amount } = signedWebhookBody(
        config.secret,
        rawBody,
        headers[PSP_SIGNATURE_HEADER],
        callbackSchema,
        'a payment callback',
      );
      return {
        eventId,
        sessionId: reference,
        outcome: status === 'succeeded' ? 'confirmed' : 'declined',
        amount,
      };
    },
    async queryStatus(sessionId): Promise<PaymentStatus | undefined> {
      const path = `/v1/payments/${encodeURIComponent(sessionId)}`;
      const res = await doFetch(`${base}${path}`, {
        headers: { 'x-psp-merchant': config.merchantId, [PSP_SIGNATURE_HEADER]: hmac(config.secret, path) },
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`payment status query failed: HTTP ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      // The answer is signed like a callback: a man in the middle cannot mark a payment paid.
      if (!signatureOk(config.secret, body, res.headers.get(PSP_SIGNATURE_HEADER))) {
        throw new Error('payment status answer has a bad signature');
      }
      const parsed = statusSchema.parse(JSON.parse(body.toString('utf8')));
      // The signature covers the body, not the question: a genuine answer about another payment,
      // handed back for this one, must not mark this one paid.
      if (parsed.reference !== sessionId) {
        throw new Error('payment status answer is about another payment');
      }
      return { status: STATUS_OF[parsed.status], amount: parsed.amount };
    },
  };
}
