import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';

/** Row count of every table: a refused request must leave all of them as they were. */
export async function countAllRows(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int8 as n from ${sql.identifier(tablename)}`,
    );
    counts[tablename] = row?.n ?? 0;
  }
  return counts;
}
