import { createHash } from 'node:crypto';
import { and, countDistinct, eq, isNull, notLike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberRecoveryCodes } from './accounts.schema.ts';
import type { SealedColumns } from './reseal-secrets.ts';
import {
  codeDigests,
  isSealed,
  SEALED_LIKE,
  type SecretKeys,
  sealedRecoveryCodeIs,
  sealRecoveryCode,
} from './secret-box.ts';

/** Recovery codes' sealed digests, for `npm run totp:reseal` (their keyed digests are left: see below). */
export const RECOVERY_SEALED_COLUMNS: SealedColumns = {
  table: 'member_recovery_codes',
  columns: ['code_hash'],
  purpose: 'recovery-code',
  unsealed: 'leave',
};

/** A new recovery code as stored (secret-box.ts sealRecoveryCode: `npm run totp:reseal` re-keys it). */
export const storedRecoveryCode = sealRecoveryCode;

/**
 * Whether a stored recovery code is `code`, in any of the forms it was ever stored in: sealed (now),
 * a keyed HMAC under the current or, during a rotation, the previous key (until the fix that sealed
 * them: cannot be re-keyed, so these stop working once the previous key is removed), or a plain
 * SHA-256 salted with the member id (the first version: still accepted so no member is locked out).
 */
function storedCodeIs(keys: SecretKeys, stored: string, memberId: number, code: string) {
  if (isSealed(stored)) return sealedRecoveryCodeIs(keys, stored, memberId, code);
  const legacy = createHash('sha256').update(`${memberId}:${code}`).digest('hex');
  return [...codeDigests(keys, 'recovery', memberId, code), legacy].includes(stored);
}

/**
 * Spends one unused recovery code of the member: the one that is `code` is marked used, once even
 * when two requests race (the update asks that it is still unused).
 */
export async function spendRecoveryCode(db: DbOrTx, keys: SecretKeys, memberId: number, code: string) {
  const unused = await db
    .select({ id: memberRecoveryCodes.id, stored: memberRecoveryCodes.codeHash })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.memberId, memberId), isNull(memberRecoveryCodes.usedAt)));
  const match = unused.find((row) => storedCodeIs(keys, row.stored, memberId, code));
  if (!match) return false;
  const spent = await db
    .update(memberRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(memberRecoveryCodes.id, match.id), isNull(memberRecoveryCodes.usedAt)))
    .returning({ id: memberRecoveryCodes.id });
  return spent.length === 1;
}

/**
 * How many members hold unused recovery codes stored as a digest, not sealed (issued before recovery
 * codes were sealed): the re-seal cannot re-key those; `npm run totp:reseal` names the count so the
 * operator knows who may need new codes once the previous key is removed.
 */
export async function membersWithUnsealedRecoveryCodes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(memberRecoveryCodes.memberId) })
    .from(memberRecoveryCodes)
    .where(and(isNull(memberRecoveryCodes.usedAt), notLike(memberRecoveryCodes.codeHash, SEALED_LIKE)));
  return Number(row?.n ?? 0);
}
