import { createHash } from 'node:crypto';

/** Providers sign the exact request bytes (src/server/http/hmac-signature.ts) and send it in this header. */
export const WALLET_SIGNATURE_HEADER = 'x-wallet-signature';

/** Identifies a request body for idempotency: the same transaction id with other bytes is another request. */
export const bodyHash = (body: Buffer) => createHash('sha256').update(body).digest('hex');
