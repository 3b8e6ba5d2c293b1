import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlRunner } from './sql-runner.ts';

/**
 * Checksums a migration once had and may still carry where it was applied. Only for the one-time
 * move of the SQL functions out of the migrations into function files (then src/server/db/functions/,
 * now each module's sql/ folder): the files below then lost their copies of the function bodies,
 * which the function files now apply. Never for any other edit.
 */
const FORMER_CHECKSUMS: Record<string, string[]> = {
  '0002_ledger_and_wallet_functions': ['2b5777275500650ac35ea47358daa44eb49d86c2f4c0f059e06f51f8cb9694b1'],
  '0005_wallet_batch': ['dd0b108a5d140e88ca703f3be80da324d7e55bb2e50b3b57193c7e8680c8a95e'],
  '0006_wallet_hot_path': ['1ad7d3e9f8733a23746e05140483b0b23b5b19c55b6970e77e0dd2310ae90091'],
  '0008_open_rounds_and_lean_transfers': [
    '15fd179bb606d7d809d890f6511138524af70db5b6952732e48908b9233c7c7b',
    '2a62b2eb8dbbd2e4becaee5a9ec125db99cccceefef52c5aae672f7b1ad527d1',
    'd53b230a91c414dce64e7d53ec20c29b6c3350440418c88cf6474950bd551b8b',
  ],
};

interface JournalEntry {
  tag: string;
  when: number;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export class MigrationHistoryError extends Error {}

/**
 * Every migration this database has applied must still be in the code with the checksum it was
 * applied with: an edited migration never reaches a database that already ran it, so the edit would
 * silently split the schema between old and new databases. Drizzle records each applied migration's
 * sha256 and its journal time; this compares them with the files before anything new is applied.
 */
export async function verifyAppliedMigrations(sql: SqlRunner, migrationsFolder: string): Promise<void> {
  const [table] = await sql.rows<{ found: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!table?.found) return;
  const applied = await sql.rows<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const byTime = new Map(readJournal(migrationsFolder).map((entry) => [Number(entry.when), entry]));
  const problems: string[] = [];
  for (const row of applied) {
    const entry = byTime.get(Number(row.created_at));
    if (!entry) {
      problems.push(`a migration applied at journal time ${row.created_at} is not in this code`);
      continue;
    }
    const checksum = sha256(readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8'));
    if (checksum !== row.hash && !FORMER_CHECKSUMS[entry.tag]?.includes(row.hash)) {
      problems.push(`${entry.tag} was edited after it was applied (add a new migration instead)`);
    }
  }
  if (problems.length > 0)
    throw new MigrationHistoryError(`Migration history check failed: ${problems.join('; ')}`);
}
