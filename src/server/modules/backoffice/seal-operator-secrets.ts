import { and, eq, like, notLike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SealedColumns } from '../accounts/reseal-secrets.ts';
import { assertKeyOpens } from '../accounts/seal-stored-secrets.ts';
import { SEALED_LIKE, type SecretKeys, sealTotpSecret } from '../accounts/secret-box.ts';
import { operators } from './backoffice.schema.ts';

/** Operators' sealed TOTP secrets, for `npm run totp:reseal` (accounts/reseal-secrets.ts). */
export const OPERATOR_SEALED_COLUMNS: SealedColumns = {
  table: 'operators',
  columns: ['totp_secret'],
  purpose: 'totp-secret',
  unsealed: 'seal',
};

/**
 * At the start (main.ts), as sealStoredMemberSecrets for members: operators' TOTP secrets still in
 * clear (from before they were sealed, or the demo seed's) are sealed. How many rows it sealed.
 */
export async function sealStoredOperatorSecrets(db: Db, keys: SecretKeys): Promise<number> {
  const key = keys.totpSecretKey;
  const [probe] = await db
    .select({ secret: operators.totpSecret })
    .from(operators)
    .where(like(operators.totpSecret, SEALED_LIKE))
    .limit(1);
  assertKeyOpens(keys, probe?.secret);
  const clear = await db
    .select({ id: operators.id, secret: operators.totpSecret })
    .from(operators)
    .where(notLike(operators.totpSecret, SEALED_LIKE));
  let count = 0;
  for (const row of clear) {
    const done = await db
      .update(operators)
      .set({ totpSecret: sealTotpSecret(key, row.secret) })
      .where(and(eq(operators.id, row.id), eq(operators.totpSecret, row.secret)))
      .returning({ id: operators.id });
    count += done.length;
  }
  return count;
}
