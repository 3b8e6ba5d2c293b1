import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { bettorOn, KO_SITE, TH_SITE } from '../../../../test/support/sites.ts';
import { addBookLimit, placeSingle } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemo } from '../../db/seed-demo.ts';

const platformRow = (t: TestApp, currency: string) =>
  queryRows<{ max_stake: number | null }>(
    t.db,
    sql`select max_stake from sb_limits where scope = 'platform' and scope_id = '' and currency = ${currency}`,
  );

describe.runIf(backendAvailable)('sports limits and liability per currency', () => {
  const { t, sportsApi, newEvent, eventSelections } = useSportsApp();
  const { as } = useOperators(t);
  beforeAll(async () => {
    await seedDemo(t.db);
    t.app.sites.invalidate();
  });

  it('every site currency has its platform row; a won and a baht member are each held to their own max stake', async () => {
    expect(await platformRow(t, 'THB')).toHaveLength(1);
    expect(await platformRow(t, 'KRW')).toHaveLength(1);
    // ฿500.00 (50,000 satang) and ₩300,000: in minor units the won limit is the larger number.
    await t.db.execute(
      sql`update sb_limits set max_stake = 50000 where scope = 'platform' and currency = 'THB'`,
    );
    await t.db.execute(
      sql`update sb_limits set max_stake = 300000 where scope = 'platform' and currency = 'KRW'`,
    );
    const th = await bettorOn(t, TH_SITE, 10_000_000);
    const ko = await bettorOn(t, KO_SITE, 10_000_000);
    const { eventId, marketId } = await newEvent({ prices: ['3.0', '3.0', '3.0'] });
    const s = await eventSelections(eventId);
    const home = s['1x2:home']!;

    expect((await placeSingle(t, th.gameToken, home, 50_001)).json().refusal).toBe('stake_too_high');
    expect((await placeSingle(t, ko.gameToken, home, 300_001)).json().refusal).toBe('stake_too_high');
    expect((await placeSingle(t, th.gameToken, home, 50_000)).json().status).toBe('success');
    expect((await placeSingle(t, ko.gameToken, home, 300_000)).json().status).toBe('success');
    // The won member's 300,000 is over the baht limit and was taken: no baht limit applied to won.

    // Liability per currency: 2× each stake, never added together.
    const liability = await queryRows<{ currency: string; liability: number }>(
      t.db,
      sql`select currency, liability from sb_selection_liability where selection_id = ${home.id} order by currency`,
    );
    expect(liability.map((r) => [r.currency, Number(r.liability)])).toEqual([
      ['KRW', 600_000],
      ['THB', 100_000],
    ]);
    // A market limit in won binds only won bets: the baht side stays open.
    await addBookLimit(t.db, 'market', marketId, { max_liability: 700_000 }, 'KRW');
    expect((await placeSingle(t, ko.gameToken, home, 100_000)).json().refusal).toBe('liability_reached');
    // (Another baht member: the first holds their whole max stake on this selection already.)
    const th2 = await bettorOn(t, TH_SITE, 10_000_000);
    expect((await placeSingle(t, th2.gameToken, home, 50_000)).json().status).toBe('success');
    expect((await placeSingle(t, th.gameToken, home, 1_000)).json().refusal).toBe('stake_too_high');
  });

  it('the house rules cite the platform limits of the currency asked for', async () => {
    const rules = async (currency: string) => (await sportsApi('rules', { currency })).json().rules;
    expect(await rules('THB')).toMatchObject({ currency: 'THB', maxStake: 50_000 });
    expect(await rules('KRW')).toMatchObject({ currency: 'KRW', maxStake: 300_000 });
  });

  it('a site added in a new currency gets a platform row at once, with the default currency’s amounts', async () => {
    await t.db.execute(
      sql`insert into sites (code, name, currency) values ('jp-test', 'Test JPY site', 'JPY')`,
    );
    expect(await platformRow(t, 'JPY')).toEqual([{ max_stake: 50_000 }]);
  });

  it('the desk lists, sets and removes limits per currency through the admin API; a bet meets what it set', async () => {
    const desk = as('trading');
    const listed = (await desk.get('/api/admin/sports/limits')).json();
    expect(listed.currencies).toEqual(expect.arrayContaining(['KRW', 'THB']));
    expect(
      listed.limits
        .filter((l: { scope: string }) => l.scope === 'platform')
        .map((l: { currency: string }) => l.currency),
    ).toEqual(expect.arrayContaining(['KRW', 'THB']));
    const ko = await bettorOn(t, KO_SITE, 10_000_000);
    const { eventId } = await newEvent({ prices: ['3.0', '3.0', '3.0'] });
    const home = (await eventSelections(eventId))['1x2:home']!;
    const set = await desk.post('/api/admin/sports/limits', {
      scope: 'event',
      scopeId: String(eventId),
      currency: 'KRW',
      maxStake: 20_000,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().limit).toMatchObject({
      scope: 'event',
      currency: 'KRW',
      maxStake: 20_000,
      minStake: null,
    });
    const onlyKrw = (await desk.get('/api/admin/sports/limits?currency=KRW')).json().limits;
    expect(onlyKrw.every((l: { currency: string }) => l.currency === 'KRW')).toBe(true);
    expect((await placeSingle(t, ko.gameToken, home, 20_001)).json().refusal).toBe('stake_too_high');
    expect((await placeSingle(t, ko.gameToken, home, 20_000)).json().status).toBe('success');
    const removed = await desk.post('/api/admin/sports/limits/remove', {
      scope: 'event',
      scopeId: String(eventId),
      currency: 'KRW',
    });
    expect(removed.statusCode).toBe(200);
    expect((await placeSingle(t, ko.gameToken, home, 20_001)).json().status).toBe('success');
    const audit = (await as('owner').get('/api/admin/audit?action=sports.*')).json().entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['sports.limits', 'sports.limits.remove']),
    );
  });

  it('the desk’s bet search names each bet’s currency: 10,000 satang and 10,000 won are not the same stake', async () => {
    const th = await bettorOn(t, TH_SITE, 10_000_000);
    const ko = await bettorOn(t, KO_SITE, 10_000_000);
    const { eventId } = await newEvent({ prices: ['3.0', '3.0', '3.0'] });
    const home = (await eventSelections(eventId))['1x2:home']!;
    expect((await placeSingle(t, th.gameToken, home, 10_000)).json().status).toBe('success');
    expect((await placeSingle(t, ko.gameToken, home, 10_000)).json().status).toBe('success');
    const res = await as('trading').get(`/api/admin/sports/bets?event=${eventId}`);
    expect(res.statusCode).toBe(200);
    const bets = res.json().bets as { playerId: string; totalStake: number; currency: string }[];
    expect(bets.map((b) => [Number(b.playerId), b.totalStake, b.currency]).sort()).toEqual(
      [
        [th.memberId, 10_000, 'THB'],
        [ko.memberId, 10_000, 'KRW'],
      ].sort(),
    );
  });

  it('refuses limits in a currency no site uses, malformed ones, and removing the platform’s, with a 4xx', async () => {
    const desk = as('trading');
    const refused = async (path: string, body: object) => {
      const res = await desk.post(path, body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().msg).toBeTruthy();
      return res.statusCode;
    };
    expect(
      await refused('/api/admin/sports/limits', { scope: 'platform', currency: 'USD', maxStake: 1 }),
    ).toBe(400);
    expect(await refused('/api/admin/sports/limits', { scope: 'platform', currency: 'thb' })).toBe(400);
    expect(
      await refused('/api/admin/sports/limits', { scope: 'market', scopeId: 'x;', currency: 'THB' }),
    ).toBe(400);
    expect(
      await refused('/api/admin/sports/limits', { scope: 'platform', scopeId: '1', currency: 'THB' }),
    ).toBe(400);
    expect(
      await refused('/api/admin/sports/limits', {
        scope: 'platform',
        currency: 'THB',
        minStake: 10,
        maxStake: 5,
      }),
    ).toBe(400);
    expect(
      await refused('/api/admin/sports/limits', {
        scope: 'market',
        scopeId: '1',
        currency: 'THB',
        stakeFactorBp: 5,
      }),
    ).toBe(400);
    expect(
      await refused('/api/admin/sports/limits', { scope: 'platform', currency: 'THB', maxStake: -1 }),
    ).toBe(400);
    expect(
      await refused('/api/admin/sports/limits', { scope: 'platform', currency: 'THB', maxStake: 1.5 }),
    ).toBe(400);
    expect(await refused('/api/admin/sports/limits/remove', { scope: 'platform', currency: 'THB' })).toBe(
      409,
    );
    expect(
      await refused('/api/admin/sports/limits/remove', {
        scope: 'market',
        scopeId: '999999',
        currency: 'THB',
      }),
    ).toBe(404);
    expect((await as('cashier').get('/api/admin/sports/limits')).statusCode).toBe(403);
  });
});
