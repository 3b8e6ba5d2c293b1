import { ApiFailure } from './client.ts';

/** The answers after which the request may still have been applied: no answer, or the server's failure. */
const MAYBE_APPLIED = new Set(['network', 'unavailable', 'error']);

/**
 * Whether a failed request's answer leaves open that it was applied (the connection dropped, the
 * database was out of reach during a commit that went through, a 5xx from a proxy): a retry must then
 * send the same idempotency code, so that it is the same request and applies once. Any other refusal
 * is the server's word that nothing moved, and a new attempt takes a new code.
 */
export function answerLost(error: unknown): boolean {
  return !(error instanceof ApiFailure) || MAYBE_APPLIED.has(error.status);
}
