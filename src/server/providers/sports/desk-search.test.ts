import { describe, expect, it } from 'vitest';
import { explainPlan } from '../../../../test/support/explain.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { deskEventsSql } from './desk-search.ts';

describe.runIf(isPostgres)("the desk's event search at scale", () => {
  const t = useTestApp();

  it('reads each state in its order only as far as the page needs, never sorting every event (EXPLAIN)', async () => {
    const plan = (await explainPlan(t.db, deskEventsSql({}))) as { Plan: PlanNode }[];
    // Under the union, each state is a Limit over an index scan of sb_events in start order.
    const limits = findAll(plan[0]!.Plan, (n) => n['Node Type'] === 'Limit' && n !== plan[0]!.Plan);
    expect(limits).toHaveLength(3);
    for (const limit of limits) {
      const scans = findAll(limit, (n) => n['Relation Name'] === 'sb_events');
      expect(scans.map((s) => s['Index Name'])).toEqual(['sb_events_listing']);
      expect(findAll(limit, (n) => n['Node Type'] === 'Sort')).toEqual([]);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function findAll(node: PlanNode, match: (n: PlanNode) => boolean): PlanNode[] {
  return [...(match(node) ? [node] : []), ...(node.Plans ?? []).flatMap((child) => findAll(child, match))];
}
