import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { addCardOption, creditedCardDeposit } from '../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { dayInZone } from '../sites/site-time.ts';
import type { MoneyFigures, PeriodFigures } from './dashboard.service.ts';

const SECRET = 'dashboard-reversals-sandbox-secret';

/**
 * A zone whose date is not UTC's now: fourteen hours east in UTC's afternoon, twelve west in its
 * morning. A reversal counted on UTC's day would not be in this site's today.
 */
const zoneOffUtcDay = () => (new Date().getUTCHours() >= 12 ? 'Etc/GMT-14' : 'Etc/GMT+12');

/**
 * The dashboard sets a deposit its payment provider reversed (a chargeback) against the deposits, on
 * the day of the reversal in the member's site: the deposit stays counted on the day it came in, the
 * reversal takes all of it back on its own day (what the member still owes included: the provider
 * took it from the house), and the net deposits are what the providers left with the house.
 */
describe.runIf(backendAvailable)(
  'back office: the dashboard counts deposits reversed by their provider',
  () => {
    const t = useTestApp({ sandboxPspSecret: SECRET }, { seedDemo: true });
    const { as } = useOperators(t);
    let card = 0;
    let currency = '';
    beforeAll(async () => {
      card = await addCardOption(t.db);
      const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
      const site = sites.find((s: { isDefault: boolean }) => s.isDefault);
      currency = site.currency;
      const zone = zoneOffUtcDay();
      expect(dayInZone(new Date(), zone)).not.toBe(new Date().toISOString().slice(0, 10));
      const set = await as('owner').post(`/api/admin/settings/sites/${site.id}/cashier`, { timezone: zone });
      expect(set.statusCode, set.body).toBe(200);
      t.app.sites.invalidate();
    });

    const figures = async () => {
      const res = await as('cashier').get('/api/admin/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      const of = (period: PeriodFigures) => period.money.find((m) => m.currency === currency) as MoneyFigures;
      return { today: of(res.json().today), month: of(res.json().month) };
    };

    it("subtracts a reversed deposit from the site's day it was reversed on, whole, and shows it apart", async () => {
      const { token } = await t.login();
      const before = await figures();
      const deposit = await creditedCardDeposit(t, SECRET, card, token, 90_000);
      const credited = await figures();
      expect(credited.today.deposits - before.today.deposits).toBe(90_000);
      expect(credited.today.netDeposits - before.today.netDeposits).toBe(90_000);

      await deposit.reverse();
      const after = await figures();
      for (const period of ['today', 'month'] as const) {
        // The deposit stays counted where it came in; the reversal is its own figure, set against it.
        expect(after[period].deposits - credited[period].deposits, period).toBe(0);
        expect(after[period].depositReversals - credited[period].depositReversals, period).toBe(90_000);
        expect(after[period].netDeposits - before[period].netDeposits, period).toBe(0);
        expect(after[period].netDeposits, period).toBe(
          after[period].deposits - after[period].depositReversals,
        );
      }
    });

    it('migration 0085 counts the reversals recorded before it as the trigger counts them', async () => {
      const { token } = await t.login();
      await (await creditedCardDeposit(t, SECRET, card, token, 40_000)).reverse();
      const counted = () =>
        queryRows<{ day: string; bucket: number; currency: string; site_id: number; amount: number }>(
          t.db,
          sql`select day::text, bucket, currency, site_id, amount from daily_figures
            where figure = 'deposit_reversals' order by day, bucket, currency, site_id`,
        );
      const byTrigger = await counted();
      expect(byTrigger.length).toBeGreaterThan(0);
      await t.db.execute(sql`delete from daily_figures where figure = 'deposit_reversals'`);
      const migration = readFileSync(join(migrationsFolder, '0085_deposit_reversal_figures.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement));
      expect(await counted()).toEqual(byTrigger);
    });
  },
);
