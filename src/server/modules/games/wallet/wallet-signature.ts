import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Providers sign the exact request bytes: HMAC-SHA256 with their secret, hex, in this header. */
export const WALLET_SIGNATURE_HEADER = 'x-wallet-signature';

export const signWalletBody = (secret: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(body).digest('hex');

export function walletSignatureValid(secret: string, body: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signWalletBody(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}

/** Identifies a request body for idempotency: the same transaction id with other bytes is another request. */
export const bodyHash = (body: Buffer) => createHash('sha256').update(body).digest('hex');
