import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';

const SECRET = 'limits-zone-change-secret';

/**
 * A member's daily (weekly, monthly) limits follow their site's local days. Pago Pago (UTC−11) and
 * Kiritimati (UTC+14) are 25 hours apart: whenever the site moves between them its local date changes.
 * A member who reached a daily limit must not get a fresh day from the operator's change of zone.
 */
describe.runIf(backendAvailable)('player protection: limits when the site changes its time zone', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let cashier: string;
  let siteId: number;
  beforeAll(async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    siteId = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
    cashier = `/api/admin/settings/sites/${siteId}/cashier`;
  });
  const setZone = async (timezone: string) => {
    const res = await as('owner').post(cashier, { timezone });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Runs `work` with the site first in `from`; the zone goes back to Bangkok after. */
  const withZone = async (from: string, work: () => Promise<void>) => {
    await setZone(from);
    try {
      await work();
    } finally {
      await setZone('Asia/Bangkok');
    }
  };
  const bet = (gameToken: string, amount: number) =>
    walletRequest(t, 'bet', { ...walletIds(), token: gameToken, amount }, SECRET);
  const used = async (token: string, kind: string) =>
    (await t.call('get-limits', {}, { token })).json().limits.find((l: { kind: string }) => l.kind === kind)
      .used as number;

  it('a zone moved east does not start a new day for a member who reached a daily wager limit', async () => {
    await withZone('Pacific/Pago_Pago', async () => {
      const p = await launchedPlayer(t, 100_000);
      expect(
        (await t.call('set-limit', { kind: 'wager', period: 'day', amount: 50_000 }, { token: p.token }))
          .statusCode,
      ).toBe(200);
      expect((await bet(p.gameToken, 50_000)).json().status).toBe('success');
      expect((await bet(p.gameToken, 1_000)).json()).toMatchObject({ status: 'limit', limit: 'wager' });

      // Kiritimati's date is a day (or two) later: its day began hours ago, and the 50,000 staked since counts.
      await setZone('Pacific/Kiritimati');
      const after = await bet(p.gameToken, 1_000);
      expect(after.json(), after.body).toMatchObject({ status: 'limit', limit: 'wager', used: 50_000 });
      expect(await used(p.token, 'wager')).toBe(50_000);

      // The change counts only within the day it happened in: once a new day begins, the limit is whole again.
      await t.db.execute(
        sql`update site_time_zone_changes set changed_at = changed_at - interval '3 days' where site_id = ${siteId}`,
      );
      expect((await bet(p.gameToken, 1_000)).json().status).toBe('success');
    });
  });

  it('a zone moved west does not open a day that has not had the deposits made today', async () => {
    await withZone('Pacific/Kiritimati', async () => {
      const p = await launchedPlayer(t, 0);
      expect(
        (await t.call('set-limit', { kind: 'deposit', period: 'day', amount: 50_000 }, { token: p.token }))
          .statusCode,
      ).toBe(200);
      await fund(t, p.token, 50_000);
      // Pago Pago's date is a day (or two) earlier: its row holds nothing, yet the 50,000 was deposited today.
      await setZone('Pacific/Pago_Pago');
      const more = await t.call(
        'apply-user-deposit',
        { balance: 10_000, code: nextCode() },
        { token: p.token },
      );
      expect(more.json(), more.body).toMatchObject({ status: 'limit', limit: 'deposit', period: 'day' });
      expect(await used(p.token, 'deposit')).toBe(50_000);
    });
  });

  it('records each change of a site’s zone, and nothing when the zone stays', async () => {
    await launchedPlayer(t, 0); // a site with members: one without has no day rows to count
    await withZone('Asia/Seoul', async () => {
      await setZone('Asia/Seoul');
      await setZone('Asia/Tokyo');
      const changes = await queryRows(
        t.db,
        sql`select old_zone, new_zone from site_time_zone_changes where site_id = ${siteId} order by id desc limit 2`,
      );
      expect(changes).toEqual([
        { old_zone: 'Asia/Seoul', new_zone: 'Asia/Tokyo' },
        { old_zone: 'Asia/Bangkok', new_zone: 'Asia/Seoul' },
      ]);
    });
  });
});
