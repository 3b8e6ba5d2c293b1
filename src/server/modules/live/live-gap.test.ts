import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextCode } from '../../../../test/support/money.ts';
import { loginNewOperator } from '../../../../test/support/operators.ts';
import { openSse } from '../../../../test/support/sse.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { LIVE_CHANNEL } from './live.notify.ts';

/**
 * The live updates' LISTEN connection lost (a failover, a restart): what was announced until it is
 * back was missed, so every stream must read again once it is, the back office's as the members'.
 */
describe.runIf(isPostgres)('live streams across a loss of the listening connection', () => {
  const t = useTestApp({}, { listen: true });

  /** Ends this app's LISTEN session from another connection, as a failover does. */
  async function cutListener() {
    const cut = await queryRows(
      t.db,
      sql`select pg_terminate_backend(pid) as cut from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN ${LIVE_CHANNEL}`}`,
    );
    expect(cut).toHaveLength(1);
  }

  it("brings an operator's pending badge up to date with a deposit requested during the gap", async () => {
    const operator = await loginNewOperator(t, 'cashier');
    const badge = await openSse(`${t.config.publicUrl}/api/admin/live`, {
      authorization: `Bearer ${operator.token}`,
    });
    expect(badge.status).toBe(200);
    const first = await badge.waitFor((e) => e.event === 'pending');
    const before = (first.data as { deposits: number }).deposits;

    const { token } = await t.login();
    await cutListener();
    const requested = await t.call('apply-user-deposit', { balance: 50_000, code: nextCode() }, { token });
    expect(requested.statusCode).toBe(200);
    // The listener is back within a second or so; the badge must then show the new request.
    await badge.waitFor(
      (e) => e.event === 'pending' && (e.data as { deposits: number }).deposits === before + 1,
      5_000,
    );
    badge.close();
  });
});
