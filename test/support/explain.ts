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

/** One node of a plan from `explainPlan`, with the fields the tests look at. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the query's plan, its subplans and CTEs included (sequential scans off, as explainPlan). */
export async function planNodes(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const [top] = (await explainPlan(db, query)) as { Plan: PlanNode }[];
  const all = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(all)];
  return all(top!.Plan);
}

/**
 * How the query reads `relation`: the type of each node that scans it, and the indexes used anywhere in
 * the plan (a bitmap scan names its index on a child node). A missing index shows as a 'Seq Scan' even
 * with sequential scans off.
 */
export async function readsOf(db: Db, query: SQLWrapper, relation: string) {
  const nodes = await planNodes(db, query);
  return {
    scans: nodes.filter((n) => n['Relation Name'] === relation).map((n) => n['Node Type']),
    indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
  };
}
