/**
 * npm run totp:reseal: seals every stored TOTP secret (members' and operators') and recovery code again under
 * TOTP_SECRET_KEY, in batches, while the site runs; TOTP_SECRET_KEY_PREVIOUS opens those sealed under
 * the key being replaced. Safe to re-run; once it reports nothing left to reseal, the previous key can
 * be removed (docs/operations.md, "Rotating TOTP_SECRET_KEY").
 */
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { membersWithUnsealedRecoveryCodes } from '../modules/accounts/recovery-codes.ts';
import { resealStoredSecrets } from '../modules/accounts/reseal-secrets.ts';
import { SEALED_UNDER_TOTP_KEY } from './sealed-columns.ts';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const done = await resealStoredSecrets(database.db, config, SEALED_UNDER_TOTP_KEY, {
    onBatch: (n) => console.log(`resealed ${n.resealed}, already current ${n.current}`),
  });
  console.log(
    `done: ${done.resealed} rows sealed again under TOTP_SECRET_KEY, ${done.current} already were, ` +
      `${done.changedMeanwhile} changed meanwhile (written under the current key)`,
  );
  if (config.totpSecretKeyPrevious) {
    const unsealed = await membersWithUnsealedRecoveryCodes(database.db);
    console.log(
      'every stored TOTP secret and sealed recovery code now opens with TOTP_SECRET_KEY: ' +
        'TOTP_SECRET_KEY_PREVIOUS may be removed (reset codes sent before the rotation stop working then; ' +
        'see docs/operations.md)',
    );
    if (unsealed > 0)
      console.log(
        `${unsealed} members hold unused recovery codes issued before recovery codes were sealed: ` +
          'those cannot be re-keyed and stop working once TOTP_SECRET_KEY_PREVIOUS is removed',
      );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
