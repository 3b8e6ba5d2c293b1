import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyIn, noMoney } from '../../../../test/support/dashboard.ts';
import { fund } from '../../../../test/support/money.ts';
import { loginNewOperator, useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, memberOn } from '../../../../test/support/sites.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { dayInZone } from '../sites/site-time.ts';
import type { PeriodFigures } from './dashboard.service.ts';

const SECRET = 'dashboard-site-day-secret';
const HOUR = 3_600_000;

/** A zone `hours` east of UTC, by its IANA name (Etc/GMT-7 is seven hours east). */
const zoneOf = (hours: number) => (hours >= 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`);

/**
 * The moment the dashboard is read and the site's zone, around now (the moment the figures are
 * written): either the site's day ends between the two and the UTC day does not (the site at 23:xx
 * when written, read at 00:00:30 of its next day), or, in the last hour of a UTC day, the UTC day
 * ends between them and the site's day does not. Either way a dashboard counting UTC days is wrong.
 */
function aroundMidnight(written: Date) {
  const hour = written.getUTCHours();
  const offset = hour === 23 ? 7 : hour >= 9 ? 23 - hour : -1 - hour;
  const read = new Date(Math.floor(written.getTime() / HOUR) * HOUR + HOUR + 30_000);
  return { zone: zoneOf(offset), read };
}

const krw = (figures: PeriodFigures) => moneyIn(figures, 'KRW');

/**
 * The dashboard's "today" and "this month" are each site's own day and month (its time zone, as the
 * members' limits and play days): a Thai site's day starts at 00:00 in Bangkok, not at 07:00.
 */
describe.runIf(backendAvailable)("back office: the dashboard counts each site's own day", () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts a deposit and a bet in the site's day they were made, read just after its midnight", async () => {
    // Not in an hour's last seconds: the figures are written within the hour `written` names.
    const untilHour = HOUR - (Date.now() % HOUR);
    if (untilHour < 20_000) await new Promise((resolve) => setTimeout(resolve, untilHour + 1_000));
    const written = new Date();
    const { zone, read } = aroundMidnight(written);
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    const ko = sites.find((s: { currency: string }) => s.currency === 'KRW');
    const set = await as('owner').post(`/api/admin/settings/sites/${ko.id}/cashier`, { timezone: zone });
    expect(set.statusCode).toBe(200);

    const before = (await as('cashier').get('/api/admin/dashboard')).json();
    const member = await memberOn(t, KO_SITE);
    await fund(t, member.as, 50_000);
    await playRound(t, SECRET, await launchGame(t, member.as), 7_000, 0);
    const now = (await as('cashier').get('/api/admin/dashboard')).json();
    expect(krw(now.today).deposits - krw(before.today).deposits).toBe(50_000);
    expect(krw(now.today).bets - krw(before.today).bets).toBe(7_000);

    // The same figures read a moment later: after the site's midnight, or after UTC's.
    const sameSiteDay = dayInZone(written, zone) === dayInZone(read, zone);
    const sameMonth = dayInZone(written, zone).slice(0, 7) === dayInZone(read, zone).slice(0, 7);
    // The test means something only where the two days disagree.
    expect(sameSiteDay).not.toBe(written.toISOString().slice(0, 10) === read.toISOString().slice(0, 10));
    vi.useFakeTimers({ toFake: ['Date'], now: read });
    // An operator signed in at that moment (a session idle for an hour is over).
    const { token } = await loginNewOperator(t, 'cashier');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const later = res.json();
    // Every won figure is this member's or the demo's of the same moments: all of one site day.
    expect(krw(later.today)).toEqual(sameSiteDay ? krw(now.today) : noMoney('KRW'));
    expect(krw(later.month)).toEqual(sameMonth ? krw(now.month) : noMoney('KRW'));
  }, 90_000);
});
