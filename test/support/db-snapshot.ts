import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';

/** Every row of every table, as JSON: equal before and after means nothing was written. */
export async function snapshotAllTables(db: Db, except: string[] = []): Promise<string> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts: string[] = [];
  for (const { tablename } of tables) {
    if (except.includes(tablename)) continue;
    const rows = await queryRows<{ row: unknown }>(
      db,
      sql`select to_jsonb(t) as row from ${sql.identifier(tablename)} t order by 1::text`,
    );
    parts.push(
      `${tablename}:${JSON.stringify(rows.map((r) => r.row).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))))}`,
    );
  }
  return parts.join('\n');
}
