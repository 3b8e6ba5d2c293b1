import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one way signed bytes are made and checked: game providers' wallet calls, the sandbox payment
 * provider's webhooks and pages, signed member references. HMAC-SHA256 of the exact bytes with a shared
 * secret, hex encoded.
 */
export const hmacSign = (secret: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Constant-time check; anything but 64 lowercase hex digits is refused before comparing. */
export function hmacSignatureValid(secret: string, body: string | Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(hmacSign(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}
