import { and, eq, like, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from './accounts.schema.ts';
import { isSealed, openTotpSecret, SEALED_LIKE, type SecretKeys, sealTotpSecret } from './secret-box.ts';

/** The stored value sealed (a sealed one as it is, a clear one sealed), or null for null. */
const sealed = (key: Buffer, stored: string | null) =>
  stored === null || isSealed(stored) ? stored : sealTotpSecret(key, stored);

/**
 * Opens one sealed secret of `sample`: keys other than the one they were sealed with stop the start
 * (during a rotation the previous key opens what the re-seal has not reached yet).
 */
export function assertKeyOpens(keys: SecretKeys, sample: string | null | undefined) {
  if (!sample) return;
  try {
    openTotpSecret(keys, sample);
  } catch {
    throw new Error(
      'neither TOTP_SECRET_KEY nor TOTP_SECRET_KEY_PREVIOUS opens the stored TOTP secrets: set the key they were sealed with (rotating: the old one as TOTP_SECRET_KEY_PREVIOUS)',
    );
  }
}

/**
 * At the start (main.ts, after migrations and the demo seed): members' TOTP secrets still in clear
 * (written before they were sealed) are sealed with TOTP_SECRET_KEY, after one sealed secret was
 * opened with it (assertKeyOpens). A row is rewritten only if it still holds what was read, so a
 * member setting 2FA up meanwhile loses nothing. How many rows it sealed.
 */
export async function sealStoredMemberSecrets(db: Db, keys: SecretKeys): Promise<number> {
  const key = keys.totpSecretKey;
  const [probe] = await db
    .select({ secret: members.totpSecret })
    .from(members)
    .where(like(members.totpSecret, SEALED_LIKE))
    .limit(1);
  assertKeyOpens(keys, probe?.secret);
  const clear = await db
    .select({ id: members.id, secret: members.totpSecret, pending: members.totpPendingSecret })
    .from(members)
    .where(or(notLike(members.totpSecret, SEALED_LIKE), notLike(members.totpPendingSecret, SEALED_LIKE)));
  let count = 0;
  for (const row of clear) {
    const done = await db
      .update(members)
      .set({ totpSecret: sealed(key, row.secret), totpPendingSecret: sealed(key, row.pending) })
      .where(
        and(
          eq(members.id, row.id),
          sql`${members.totpSecret} is not distinct from ${row.secret}`,
          sql`${members.totpPendingSecret} is not distinct from ${row.pending}`,
        ),
      )
      .returning({ id: members.id });
    count += done.length;
  }
  return count;
}
