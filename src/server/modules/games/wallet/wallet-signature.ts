import { createHash } from 'node:crypto';

/** Identifies a request body for idempotency: the same transaction id with other bytes is another request. */
export const bodyHash = (body: Buffer) => createHash('sha256').update(body).digest('hex');
