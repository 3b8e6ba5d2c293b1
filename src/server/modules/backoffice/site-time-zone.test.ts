import { beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { nextDay } from '../../../shared/zoned-time.ts';
import { dayInZone, startOfDay } from '../sites/site-time.ts';

const SECRET = 'site-time-zone-secret';

/**
 * A site's time zone is read twice: by the browser and TypeScript (the times members see) and by the
 * SQL that cuts the limits' days and the cashback periods. Both must read the same zone.
 */
describe.runIf(backendAvailable)('back office: a site time zone both sides read alike', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let cashier: string;
  let zoneBefore: string;
  beforeAll(async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    const main = sites.find((s: { isDefault: boolean }) => s.isDefault);
    cashier = `/api/admin/settings/sites/${main.id}/cashier`;
    zoneBefore = main.settings.timezone;
  });
  const setZone = (timezone: string) => as('owner').post(cashier, { timezone });

  it('refuses an offset or a name the database reads otherwise: SQL reads +07:00 as seven hours west, IST as Israel', async () => {
    // The browser's Intl takes each of these; PostgreSQL cut a +07:00 site's day at 07:00 UTC (its
    // 14:00, a daily limit given twice in one of the member's days) and failed every deposit of a -0300
    // one. Names too: IST is India's (+05:30) to Intl and Israel's (+02:00) to PostgreSQL, PST is Los
    // Angeles with its summer time to one and a fixed -08:00 to the other, US/Pacific-New the database refuses.
    for (const timezone of ['+07:00', '-03:00', '-0300', '+14', '+0900', 'IST', 'PST', 'US/Pacific-New']) {
      const res = await setZone(timezone);
      expect(res.statusCode, timezone).toBe(400);
      expect(res.json().status).toBe('invalid');
    }
    const site = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    expect(site.find((s: { isDefault: boolean }) => s.isDefault).settings.timezone).toBe(zoneBefore);
    // The site's members still deposit and play.
    const { gameToken } = await launchedPlayer(t, 100_000);
    const bet = await walletRequest(t, 'bet', { ...walletIds(), token: gameToken, amount: 1_000 }, SECRET);
    expect(bet.json().status).toBe('success');
  });

  it("keeps a zone in the database's spelling, and a daily limit resets at the local midnight members see", async () => {
    try {
      for (const [typed, zone] of [
        ['asia/seoul', 'Asia/Seoul'],
        ['PACIFIC/KIRITIMATI', 'Pacific/Kiritimati'],
        ['Pacific/Pago_Pago', 'Pacific/Pago_Pago'],
        ['America/Sao_Paulo', 'America/Sao_Paulo'],
      ] as const) {
        const res = await setZone(typed);
        expect(res.statusCode, typed).toBe(200);
        expect(res.json().settings.timezone).toBe(zone);
        const { token } = await launchedPlayer(t, 0);
        const set = await t.call('set-limit', { kind: 'deposit', period: 'day', amount: 50_000 }, { token });
        const [limit] = set.json().limits;
        const midnight = startOfDay(nextDay(dayInZone(new Date(), zone)), zone);
        expect(limit.resetsAt, zone).toBe(midnight.toISOString());
      }
    } finally {
      await setZone(zoneBefore);
    }
  });
});
