import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, memberIdOf } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';
import { accrueComp, compRate } from './comp.service.ts';

describe.runIf(backendAvailable)('comp', () => {
  const t = useTestApp();
  const settings = { minExchange: 20_000, rates: { '1': { slot: 100, casino: 50 }, '2': { slot: 200 } } };

  it('accrues comp by level and category rate, once per settled bet', async () => {
    expect(compRate(settings, 1, 'slot')).toBe(100);
    expect(compRate(settings, 2, 'casino')).toBe(0);
    expect(compRate({ rates: { '1': { slot: -5 } } }, 1, 'slot')).toBe(0);

    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const bet = { memberId, level: 1, category: 'slot' as const, stake: 1_000_000, betKey: 'round-1' };
    expect(await accrueComp(t.db, settings, bet)).toBe(10_000);
    expect(await accrueComp(t.db, settings, bet)).toBe(10_000);
    expect(await accrueComp(t.db, settings, { ...bet, category: 'casino', betKey: 'round-2' })).toBe(5_000);
    expect(await accrueComp(t.db, settings, { ...bet, category: 'sport', betKey: 'round-3' })).toBe(0);
    expect((await balancesOf(t, token)).comp).toBe(15_000);
  });

  it('uses the same rate rule in the database wallet as in TypeScript', async () => {
    const cases: [unknown, number, 'casino' | 'slot' | 'sport'][] = [
      [{ comp: settings }, 1, 'slot'],
      [{ comp: settings }, 1, 'casino'],
      [{ comp: settings }, 2, 'casino'],
      [{ comp: settings }, 9, 'slot'],
      [{ comp: settings }, 2, 'slot'],
      [{ comp: { rates: { '1': { slot: 12.5 } } } }, 1, 'slot'],
      [{ comp: { rates: { '1': { slot: 20_000 } } } }, 1, 'slot'],
      [{ comp: { rates: { '1': { slot: '50' } } } }, 1, 'slot'],
      [{}, 1, 'sport'],
    ];
    for (const [siteSettings, level, category] of cases) {
      const comp = (siteSettings as { comp?: Parameters<typeof compRate>[0] }).comp;
      const [row] = await queryRows<{ rate: number }>(
        t.db,
        sql`select comp_rate(${JSON.stringify(siteSettings)}::jsonb, ${level}, ${category}) as rate`,
      );
      expect(row!.rate, JSON.stringify([siteSettings, level, category])).toBe(
        compRate(comp, level, category),
      );
    }
    // The table is not all zeros: it exercises the paying branch.
    expect(compRate(settings, 1, 'slot')).toBe(100);
  });

  it('exchanges comp to cash at or above the site minimum, and says low_point below it', async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    await t.db
      .update(sites)
      .set({ settings: { ...site!.settings, comp: settings } })
      .where(eq(sites.id, site!.id));
    t.app.sites.invalidate();
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const bet = { memberId, level: 1, category: 'slot' as const, stake: 1_500_000 };
    await accrueComp(t.db, settings, { ...bet, betKey: `${member.id}-1` });

    const low = await t.call('roll-to-balance', {}, { token });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({
      status: 'low_point',
      msg: 'msg3033',
      minimum: 20_000,
      rolling: 15_000,
    });

    await accrueComp(t.db, settings, { ...bet, betKey: `${member.id}-2` });
    const part = await t.call('roll-to-balance', { amount: 10_000 }, { token });
    expect(part.json().status).toBe('low_point');
    const all = await t.call('roll-to-balance', {}, { token });
    expect(all.json()).toEqual({ status: 'success', msg: 'msg3032', amount: 30_000 });
    expect(await balancesOf(t, token)).toEqual({ cash: 30_000, held: 0, comp: 0 });
    await expectSoundLedger(t.db);
  });
});
