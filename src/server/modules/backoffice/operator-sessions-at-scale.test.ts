import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readsOf } from '../../../../test/support/explain.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { operatorSessions } from './backoffice.schema.ts';
import { openSessionsOf } from './operators.service.ts';

/**
 * Disabling an operator and an operator's own password change end that operator's open sessions
 * (openSessionsOf). Sessions are never deleted: without an index by operator, each such change read
 * every session any operator ever opened (300,000 sessions: 67 ms, holding the operators' row locks).
 */
describe.runIf(backendAvailable)("ending an operator's sessions at scale", () => {
  const t = useTestApp();

  it('finds the open sessions of that operator by index, never scanning every session (EXPLAIN)', async () => {
    const { scans, indexes } = await readsOf(
      t.db,
      t.db.update(operatorSessions).set({ revokedAt: sql`now()` }).where(openSessionsOf(1)).getSQL(),
      'operator_sessions',
    );
    expect(scans).not.toContain('Seq Scan');
    expect(indexes).toContain('operator_sessions_open');
  });
});
