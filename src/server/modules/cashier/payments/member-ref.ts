import { hmacSign, hmacSignatureValid } from '../../../http/hmac-signature.ts';

/** How long a payout launcher link stays valid. */
const REF_TTL_MS = 15 * 60_000;

/**
 * A short-lived signed reference to a member for a provider's hosted page, so the page can show
 * that member's payout details without a session cookie and nobody can forge another member's.
 */
export function signMemberRef(secret: string, memberId: number, nonce: string, now = Date.now()): string {
  const payload = `${memberId}.${now + REF_TTL_MS}.${nonce}`;
  return `${payload}.${hmacSign(secret, payload)}`;
}

export function verifyMemberRef(secret: string, ref: string, now = Date.now()): number | undefined {
  const parts = ref.split('.');
  if (parts.length !== 4) return undefined;
  const [memberId, expires, nonce, signature] = parts as [string, string, string, string];
  const payload = `${memberId}.${expires}.${nonce}`;
  if (!hmacSignatureValid(secret, payload, signature)) return undefined;
  if (!(Number(expires) > now)) return undefined;
  const id = Number(memberId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
