import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../src/server/providers/payments/sandbox/signature.ts';

/** The sandbox payment provider's signing secret of the browser tests' server (global-setup.ts). */
export const SANDBOX_PSP_SECRET = 'e2e-sandbox-psp-secret';

/**
 * The sandbox provider's notice that a card payment it confirmed was reversed (a chargeback): its
 * 'declined' after its 'confirmed', signed as the provider signs it. Answers the webhook's outcome.
 */
export async function chargeBack(sessionId: string, amount: number): Promise<string> {
  const body = JSON.stringify({ eventId: randomUUID(), sessionId, outcome: 'declined', amount });
  const res = await fetch(`${inject('baseUrl')}/payments/sandbox/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(SANDBOX_PSP_SECRET, body) },
    body,
  });
  return ((await res.json()) as { outcome?: string }).outcome ?? `HTTP ${res.status}`;
}
