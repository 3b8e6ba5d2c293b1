import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readsOf } from '../../../../../test/support/explain.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';

/**
 * The dashboard's member debts (sql/wallet_debt_figures.sql, inlined into the caller's plan) on every
 * load: what stands written off is read from the written-off rounds alone. Without their index it read
 * every round that ever owed (300,000 rounds: 96 ms of the dashboard's 190 ms at 200,000 members).
 */
describe.runIf(backendAvailable)("the dashboard's member debts at scale", () => {
  const t = useTestApp();

  const figures = sql`select currency, owed, members, written_off from wallet_debt_figures()`;

  it('sums the written-off rounds from their own index, never every round that ever owed (EXPLAIN)', async () => {
    const { scans, indexes } = await readsOf(t.db, figures, 'wallet_round_debts');
    expect(scans).toHaveLength(1);
    expect(scans).not.toContain('Seq Scan');
    expect(indexes).toContain('wallet_round_debts_written_off');
  });

  it('reads only the members who owe now (EXPLAIN)', async () => {
    const { scans, indexes } = await readsOf(t.db, figures, 'wallet_debts');
    expect(scans).toHaveLength(1);
    expect(scans).not.toContain('Seq Scan');
    expect(indexes).toContain('wallet_debts_owing');
  });
});
