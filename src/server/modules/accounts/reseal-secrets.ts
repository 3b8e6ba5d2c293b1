import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { resealed, SEALED_LIKE, type SealPurpose, type SecretKeys } from './secret-box.ts';

/** A table's columns that hold values sealed under TOTP_SECRET_KEY (each module names its own). */
export interface SealedColumns {
  table: string;
  columns: readonly string[];
  purpose: SealPurpose;
  /** A value not sealed: sealed (a TOTP secret in clear) or left as it is (a code's keyed digest). */
  unsealed: 'seal' | 'leave';
}

/**
 * Members' sealed secrets (recovery-codes.ts names their recovery codes', the back office operators'
 * in seal-operator-secrets.ts; cli/sealed-columns.ts lists them all).
 */
export const MEMBER_SEALED_COLUMNS: SealedColumns = {
  table: 'members',
  columns: ['totp_secret', 'totp_pending_secret'],
  purpose: 'totp-secret',
  unsealed: 'seal',
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
 * `npm run totp:reseal` (docs/operations.md, "Rotating TOTP_SECRET_KEY"): every value sealed in
 * `tables` (TOTP secrets, recovery codes) sealed again under TOTP_SECRET_KEY, `batchSize` rows at a
 * time in id order. Safe while the site runs: a row is rewritten only if it still holds what was read (one UPDATE per row, no long lock), and
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
  for (const { table, columns, purpose, unsealed } of tables) {
    // Only what the re-seal may rewrite: a digest left as it is is not even read.
    const anyStored = sql.join(
      columns.map((c) =>
        unsealed === 'seal'
          ? sql`${sql.identifier(c)} is not null`
          : sql`${sql.identifier(c)} like ${SEALED_LIKE}`,
      ),
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
        const next = columns.map((c) => {
          const stored = row[c] ?? null;
          return stored === null ? null : resealed(keys, purpose, unsealed, stored);
        });
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
