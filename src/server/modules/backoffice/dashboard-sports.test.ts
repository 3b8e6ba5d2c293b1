import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

/**
 * The dashboard carries the sportsbook's reconciliation counts (the reconciler's own, read by
 * reconcileCounts and unfinishedRuns): what a trader must look at, what was repaired in the last day,
 * settlement runs still working. Every dashboard role sees them, as the trading desk does.
 */
describe.runIf(backendAvailable)('back office: the dashboard counts the sportsbook reconciliation', () => {
  // No housekeeping during the test: it would work the unfinished run and reconcile on its own.
  const t = useTestApp({ sportsHousekeepingMs: 3_600_000 });
  const { as } = useOperators(t);

  const counts = async (role: 'cashier' | 'trading' | 'owner') => {
    const res = await as(role).get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json().sportsReconciliation as { open: number; repairedToday: number; unfinishedRuns: number };
  };
  const desk = async () => {
    const { open, repairedToday, unfinishedRuns } = (
      await as('trading').get('/api/admin/sports/reconciliation')
    ).json();
    return { open, repairedToday, unfinishedRuns };
  };
  const finding = async (
    betId: number,
    kind: string,
    detail: object,
    opts: { repaired?: boolean; foundAgo?: string; resolved?: boolean } = {},
  ) => {
    const foundAt = sql`now() - ${opts.foundAgo ?? '1 minute'}::interval`;
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into sb_reconcile_findings (bet_id, kind, detail, repaired, found_at, resolved_at)
          values (${betId}, ${kind}, ${JSON.stringify(detail)}::jsonb, ${opts.repaired ?? false}, ${foundAt},
            ${opts.repaired || opts.resolved ? foundAt : sql`null`})
          returning id`,
    );
    return Number(row!.id);
  };

  it('shows open findings, repairs of the last day and unfinished settlement runs, as the desk counts them', async () => {
    expect(await counts('cashier')).toEqual({ open: 0, repairedToday: 0, unfinishedRuns: 0 });

    // Listed for the desk: a wallet that holds other amounts than the book, a step never paid.
    const mismatch = await finding(9_000_001, 'wallet_mismatch', {
      book: { held: 10_000, paid: 0 },
      wallet: { held: 20_000, paid: 0 },
    });
    await finding(9_000_002, 'unpaid_step', { unpaid: 1 });
    // Repaired by a safe rule: one an hour ago counts, one two days ago does not.
    await finding(
      9_000_003,
      'pending_stuck',
      { action: 'stake rolled back, bet refused' },
      { repaired: true },
    );
    await finding(
      9_000_004,
      'refused_charged',
      { held: 5_000, action: 'stake rolled back' },
      { repaired: true, foundAgo: '2 days' },
    );
    // Listed, then resolved by the desk earlier: no longer open.
    await finding(9_000_005, 'wallet_mismatch', {}, { resolved: true });
    // A settlement run still working (a crash, another process), and one done.
    await t.db.execute(
      sql`insert into sb_settlement_runs (bet_ids, reason) values (array[9000001]::int8[], 'resettle')`,
    );
    await t.db.execute(
      sql`insert into sb_settlement_runs (bet_ids, reason, done_at) values (array[9000002]::int8[], 'settle', now())`,
    );

    const expected = { open: 2, repairedToday: 1, unfinishedRuns: 1 };
    expect(await counts('cashier')).toEqual(expected);
    expect(await counts('owner')).toEqual(expected);
    expect(await desk()).toEqual(expected);

    // The desk resolves the mismatch (with its reason): one open finding left, on both screens.
    const resolved = await as('trading').post(`/api/admin/sports/reconciliation/${mismatch}/resolve`, {
      reason: 'the wallet round was corrected by hand',
    });
    expect(resolved.statusCode).toBe(200);
    expect(await counts('trading')).toEqual({ ...expected, open: 1 });
    expect(await desk()).toEqual({ ...expected, open: 1 });

    // The run finishes: nothing working any more.
    await t.db.execute(sql`update sb_settlement_runs set done_at = now() where done_at is null`);
    expect((await counts('cashier')).unfinishedRuns).toBe(0);
  });
});
