/**
 * npm run totp:reseal: seals every stored TOTP secret (members' and operators') again under
 * TOTP_SECRET_KEY, in batches, while the site runs; TOTP_SECRET_KEY_PREVIOUS opens those sealed under
 * the key being replaced. Safe to re-run; once it reports nothing left to reseal, the previous key can
 * be removed (docs/operations.md, "Rotating TOTP_SECRET_KEY").
 */
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { MEMBER_SEALED_COLUMNS, resealStoredSecrets } from '../modules/accounts/reseal-secrets.ts';
import { OPERATOR_SEALED_COLUMNS } from '../modules/backoffice/seal-operator-secrets.ts';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const done = await resealStoredSecrets(
    database.db,
    config,
    [MEMBER_SEALED_COLUMNS, OPERATOR_SEALED_COLUMNS],
    {
      onBatch: (n) => console.log(`resealed ${n.resealed}, already current ${n.current}`),
    },
  );
  console.log(
    `done: ${done.resealed} rows sealed again under TOTP_SECRET_KEY, ${done.current} already were, ` +
      `${done.changedMeanwhile} changed meanwhile (written under the current key)`,
  );
  if (config.totpSecretKeyPrevious) {
    console.log(
      'every stored TOTP secret now opens with TOTP_SECRET_KEY: TOTP_SECRET_KEY_PREVIOUS may be removed ' +
        '(recovery and reset codes issued before the rotation stop working then; see docs/operations.md)',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
