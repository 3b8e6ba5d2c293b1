import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../../../test/support/money.ts';
import {
  footballEvent,
  listenForWallet,
  placeSlip,
  selectionsOf,
  slipId,
  sportsPlayer,
} from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { copyTestDatabase, isPostgres } from '../../../../test/support/test-db.ts';
import { stakeInSameDatabase } from '../../built-in-wallet.ts';
import { queryRows } from '../../db/client.ts';
import { stakeTogether } from './placement-batch.ts';
import { sportsProvider } from './sports.provider.ts';

/**
 * A bet about to be charged in this database commits without waiting for the disk or the standby
 * (sb_take_batch: its stake's commit flushes it). A failover between the two loses the bet: the
 * promoted standby never had it, and the stake reaches the standby. The member must not be charged
 * there for a bet that is not in the book, and the slip sent again (its request id) is taken once.
 */
describe.runIf(isPostgres)('a failover between a bet and its stake', () => {
  const t = useTestApp({}, { gate: true });
  beforeAll(() => listenForWallet(t));

  it('a stake batch that reaches a primary without its bet charges nothing', async () => {
    const p = await sportsPlayer(t, 100_000);
    const call = stakeInSameDatabase(t.config, sportsProvider.code)(p.gameToken)!;
    const [max] = await queryRows<{ id: number | null }>(t.db, sql`select max(id) as id from sb_bets`);
    const lost = Number(max?.id ?? 0) + 1_000;
    const answer = await stakeTogether(t.db, { id: lost, amount: 10_000 }, call);
    expect(answer).toMatchObject({ e: 'SB404' });
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
  });

  it('a stake batch cut on its way, the primary still up: the stake goes the usual way, charged once', async () => {
    const p = await sportsPlayer(t, 100_000);
    const { eventId } = await footballEvent(t.db);
    const home = (await selectionsOf(t, eventId))['1x2:home']!;
    // Every connection is cut as the stake's batch is sent; the next ones reach the same primary. The
    // stake then goes the usual way, its bet made durable first; or, if a pooled connection cut too
    // is met on the way, the answer is 503 and the slip sent again (its request id) is charged once.
    t.gate!.failOverOn('sb_stake_batch');
    const requestId = slipId();
    const first = await placeSlip(t, p.gameToken, [home], { requestId, unitStake: 10_000 });
    expect([200, 503], first.body).toContain(first.statusCode);
    const again = await placeSlip(t, p.gameToken, [home], { requestId, unitStake: 10_000 });
    expect(again.json()).toMatchObject({ status: 'success', bet: 'open' });
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
  });

  // Last: the app is then left on the standby, dropped at the end.
  it('charges nothing for the bet the standby never had, and takes the slip sent again once', async () => {
    const p = await sportsPlayer(t, 100_000);
    const { eventId } = await footballEvent(t.db);
    const home = (await selectionsOf(t, eventId))['1x2:home']!;
    // The standby as the primary stands before the bet.
    t.gate!.setDown(true);
    const standby = await copyTestDatabase(t.database);
    t.gate!.setDown(false);
    try {
      t.gate!.failOverOn('sb_stake_batch', standby.url!);
      const requestId = slipId();
      const first = await placeSlip(t, p.gameToken, [home], { requestId, unitStake: 10_000 });
      expect(first.statusCode, first.body).toBe(503);
      // Now on the promoted standby: no bet, and the member's cash untouched.
      expect((await balancesOf(t, p.token)).cash).toBe(100_000);
      const again = await placeSlip(t, p.gameToken, [home], { requestId, unitStake: 10_000 });
      expect(again.json()).toMatchObject({ status: 'success', bet: 'open' });
      expect((await balancesOf(t, p.token)).cash).toBe(90_000);
      const bets = await queryRows(t.db, sql`select id from sb_bets where request_id = ${requestId}`);
      expect(bets).toHaveLength(1);
    } finally {
      await standby.close();
    }
  });
});
