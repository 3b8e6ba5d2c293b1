import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { openTotpSecretWithKey, type SecretKeys, sealTotpSecret } from './secret-box.ts';

/** A table's columns that hold sealed TOTP secrets (each module names its own). */
export interface SealedColumns {
  table: string;
  columns: readonly string[];
}

/** Members' sealed secrets (the back office names operators' in seal-operator-secrets.ts). */
export const MEMBER_SEALED_COLUMNS: SealedColumns = {
  table: 'members',
  columns: ['totp_secret', 'totp_pending_secret'],
};

export interface ResealCount {
  /** Rows whose secrets were sealed again under TOTP_SECRET_KEY. */
  resealed: number;
  /** Rows already sealed under TOTP_SECRET_KEY (nothing written). */
  current: number;
  /** Rows that changed while they were read (a 2FA set up or reset meanwhile): written by the site under the current key. */
  changedMeanwhile: number;
}

type Row = { id: number } & Record<string, string | null>;

/**
 * The value under the current key: as it is when already so, else opened (with the previous key, or
 * read in clear) and sealed again. Throws errors.secretKeyMismatch when neither key opens it.
 */
function underCurrentKey(keys: SecretKeys, stored: string | null): string | null {
  if (stored === null) return null;
  const opened = openTotpSecretWithKey(keys, stored);
  return opened.current ? stored : sealTotpSecret(keys.totpSecretKey, opened.secret);
}

/**
 * `npm run totp:reseal` (docs/operations.md, "Rotating TOTP_SECRET_KEY"): every TOTP secret stored in
 * `tables` sealed again under TOTP_SECRET_KEY, `batchSize` rows at a time in id order. Safe while the site
 * runs: a row is rewritten only if it still holds what was read (one UPDATE per row, no long lock), and
 * whatever the site writes meanwhile is sealed under the current key already. Safe to re-run: a row
 * the current key opens is left as it is. A secret neither key opens stops it (errors.secretKeyMismatch)
 * before that row is written; the rows done so far stay done.
 */
export async function resealStoredSecrets(
  db: Db,
  keys: SecretKeys,
  tables: readonly SealedColumns[],
  options: { batchSize?: number; onBatch?: (done: ResealCount) => void } = {},
): Promise<ResealCount> {
  const batchSize = options.batchSize ?? 500;
  const count: ResealCount = { resealed: 0, current: 0, changedMeanwhile: 0 };
  for (const { table, columns } of tables) {
    const anyStored = sql.join(
      columns.map((c) => sql`${sql.identifier(c)} is not null`),
      sql` or `,
    );
    const list = sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    let after = 0;
    for (;;) {
      const rows = await queryRows<Row>(
        db,
        sql`select id, ${list} from ${sql.identifier(table)}
            where id > ${after} and (${anyStored}) order by id limit ${batchSize}`,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const next = columns.map((c) => underCurrentKey(keys, row[c] ?? null));
        if (columns.every((c, i) => next[i] === row[c])) {
          count.current += 1;
          continue;
        }
        const set = sql.join(
          columns.map((c, i) => sql`${sql.identifier(c)} = ${next[i]}`),
          sql`, `,
        );
        const unchanged = sql.join(
          columns.map((c) => sql`${sql.identifier(c)} is not distinct from ${row[c] ?? null}`),
          sql` and `,
        );
        const written = await queryRows<{ id: number }>(
          db,
          sql`update ${sql.identifier(table)} set ${set} where id = ${row.id} and ${unchanged} returning id`,
        );
        if (written.length === 1) count.resealed += 1;
        else count.changedMeanwhile += 1;
      }
      after = Number(rows[rows.length - 1]!.id);
      options.onBatch?.({ ...count });
    }
  }
  return count;
}
