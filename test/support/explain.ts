import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';

/**
 * PostgreSQL's plan for a query (`explain (format json)`), with sequential scans off: the test tables
 * are tiny, and without that the planner rightly prefers reading them whole instead of the index the
 * query is written for.
 */
export function explainPlan(db: Db, query: SQLWrapper): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${query}`);
    return rows[0]!['QUERY PLAN'];
  });
}

/** The plan as one JSON text, for tests that look for an index or node name in it. */
export async function explainText(db: Db, query: SQLWrapper): Promise<string> {
  return JSON.stringify(await explainPlan(db, query));
}
