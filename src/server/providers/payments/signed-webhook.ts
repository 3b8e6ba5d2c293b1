import type { z } from 'zod';
import { hmacSignatureValid } from '../../http/hmac-signature.ts';
import { WebhookRefused } from '../../modules/cashier/payments/provider.ts';

/**
 * The checks every payment provider's webhook passes before anything is believed: the HMAC over the
 * raw body, then JSON, then the provider's own body schema (`what` names it in the refusal).
 */
export function signedWebhookBody<T extends z.ZodType>(
  secret: string,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  schema: T,
  what: string,
): z.infer<T> {
  if (!hmacSignatureValid(secret, rawBody, signature)) throw new WebhookRefused('bad or missing signature');
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRefused('body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new WebhookRefused(`body is not ${what}`);
  return parsed.data;
}
