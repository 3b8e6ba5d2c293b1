import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** The sites that have members, from the per-site member counts (no scan of members). */
export async function sitesWithMembers(db: DbOrTx): Promise<Set<number>> {
  const rows = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from member_level_counts group by site_id having sum(members) > 0`,
  );
  return new Set(rows.map((r) => Number(r.site_id)));
}
