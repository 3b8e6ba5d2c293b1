import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** HMAC-SHA256 of the exact bytes sent, hex encoded. */
export const sign = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');

export function signatureMatches(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}
