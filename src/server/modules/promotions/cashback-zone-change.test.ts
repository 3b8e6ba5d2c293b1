import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, fund } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign } from '../../../../test/support/promotions.ts';
import { memberOn } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { payCashbacks } from './cashback.service.ts';

const SECRET = 'cashback-zone-secret';
const DAY = 86_400_000;

/**
 * Cashback periods are local dates of the member's site. When the site's zone moves east, the dates
 * that follow the ones already paid start earlier in real time: their first hours are hours already paid.
 */
describe.runIf(backendAvailable)('promotions: cashback when a site changes its time zone', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let cashier: string;
  beforeAll(async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    cashier = `/api/admin/settings/sites/${sites.find((s: { isDefault: boolean }) => s.isDefault).id}/cashier`;
  });
  const setZone = async (timezone: string) =>
    expect((await as('owner').post(cashier, { timezone })).statusCode).toBe(200);

  /** One losing round of `stake`, moved to have opened at `at` with its day row dated `day`. */
  async function lostAt(memberId: number, gameToken: string, stake: number, at: string, day: string) {
    const { round } = await playRound(t, SECRET, gameToken, stake, 0);
    await t.db.execute(
      sql`update game_rounds set opened_at = ${at}::timestamptz
          where member_id = ${memberId} and round_id = ${round.roundId}`,
    );
    await t.db.execute(
      sql`update member_play_days set day = ${day}::date
          where member_id = ${memberId} and day = (now() at time zone member_timezone(${memberId}))::date`,
    );
  }

  it('pays no round twice when the zone moves from Pago Pago (UTC-11) to Kiritimati (UTC+14)', async () => {
    await setZone('Pacific/Pago_Pago');
    try {
      await t.db.execute(sql`update promo_campaigns set enabled = false where type = 'cashback'`);
      await createCampaign(as('owner'), {
        name: 'Daily cashback 10%',
        type: 'cashback',
        percentBps: 1_000,
        cap: null,
        cashbackPeriodDays: 1,
        startsAt: new Date(Date.now() - 5 * DAY).toISOString(),
        wageringMultiple: 1,
      });
      const { id, as: session } = await memberOn(t);
      await fund(t, session, 1_000_000);
      const game = await launchGame(t, session);
      // Today in Pago Pago (d): a loss of 100,000 at d 09:00 UTC (d-1 22:00 there) and one of 50,000 at
      // d-1 10:30 UTC (d-2 23:30 there), each in its Pago Pago day; a small stake now makes a row for d.
      const [{ d }] = (await queryRows<{ d: string }>(
        t.db,
        sql`select (now() at time zone 'Pacific/Pago_Pago')::date::text as d`,
      )) as [{ d: string }];
      const day = (back: number) => new Date(Date.parse(d) - back * DAY).toISOString().slice(0, 10);
      await lostAt(id, game, 100_000, `${d}T09:00:00Z`, day(1));
      await lostAt(id, game, 50_000, `${day(1)}T10:30:00Z`, day(2));
      await playRound(t, SECRET, game, 1_000, 0);

      // Pago Pago's d-2 and d-1 have ended: 10 % of each day's loss, once.
      await payCashbacks(t.db);
      expect(await memberBalances(t.db, id)).toMatchObject({ cash: 849_000 + 5_000 + 10_000 });

      // Kiritimati is 25 hours ahead: its day d (d-1 10:00 to d 10:00 UTC) has ended and holds both losses.
      await setZone('Pacific/Kiritimati');
      await payCashbacks(t.db);
      await payCashbacks(t.db);
      expect(await memberBalances(t.db, id)).toMatchObject({ cash: 864_000 });
      const paid = await queryRows<{ from: string; net: number }>(
        t.db,
        sql`select period_start::text as from, net_loss as net from promo_cashback_payments
            where member_id = ${id} order by period_start`,
      );
      expect(paid).toEqual([
        { from: day(2), net: 50_000 },
        { from: day(1), net: 100_000 },
      ]);
      await expectSoundLedger(t.db);
    } finally {
      await setZone('Asia/Bangkok');
    }
  });

  it('counts the hours a zone moved west leaves between two periods: Kiritimati (UTC+14) to Pago Pago (UTC-11)', async () => {
    await setZone('Pacific/Kiritimati');
    try {
      await t.db.execute(sql`update promo_campaigns set enabled = false where type = 'cashback'`);
      await createCampaign(as('owner'), {
        name: 'Daily cashback 10% (west)',
        type: 'cashback',
        percentBps: 1_000,
        cap: null,
        cashbackPeriodDays: 1,
        startsAt: new Date(Date.now() - 7 * DAY).toISOString(),
        wageringMultiple: 1,
      });
      const { id, as: session } = await memberOn(t);
      await fund(t, session, 1_000_000);
      const game = await launchGame(t, session);
      const [{ k }] = (await queryRows<{ k: string }>(
        t.db,
        sql`select (now() at time zone 'Pacific/Kiritimati')::date::text as k`,
      )) as [{ k: string }];
      const day = (back: number) => new Date(Date.parse(k) - back * DAY).toISOString().slice(0, 10);
      // Kiritimati's d = k-4 (d-1 10:00 to d 10:00 UTC): 50,000 lost at d-1 12:00 UTC, paid 5,000.
      await lostAt(id, game, 50_000, `${day(5)}T12:00:00Z`, day(4));
      await payCashbacks(t.db);
      expect(await memberBalances(t.db, id)).toMatchObject({ cash: 950_000 + 5_000 });
      // Then 100,000 lost at d 20:00 UTC (Kiritimati's d+1), and the zone moved to Pago Pago before
      // d+1 ended (the days after d were not decided yet: their runs are taken out, as if not reached).
      await lostAt(id, game, 100_000, `${day(4)}T20:00:00Z`, day(3));
      await t.db.execute(sql`delete from promo_cashback_runs where period_start > ${day(4)}::date`);
      await setZone('Pacific/Pago_Pago');
      // Pago Pago's d+1 starts at d+1 11:00 UTC: the 25 hours from d 10:00 UTC fall in no period but it.
      await payCashbacks(t.db);
      await payCashbacks(t.db);
      expect(await memberBalances(t.db, id)).toMatchObject({ cash: 855_000 + 10_000 });
      const paid = await queryRows<{ from: string; net: number; covers: string }>(
        t.db,
        sql`select period_start::text as from, net_loss as net,
                   to_char(covers_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as covers
            from promo_cashback_payments where member_id = ${id} order by period_start`,
      );
      expect(paid).toEqual([
        { from: day(4), net: 50_000, covers: `${day(5)}T10:00` },
        { from: day(3), net: 100_000, covers: `${day(4)}T10:00` },
      ]);
      await expectSoundLedger(t.db);
    } finally {
      await setZone('Asia/Bangkok');
    }
  });
});
