import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, fund, setCompSettings } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed-demo.ts';

const SECRET = 'comp-wallet-secret';
const BACCARAT = { code: 'baccarat', company: 'royal-baccarat' };

describe.runIf(backendAvailable)('comp', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  // The demo's default site counts in baht: a 200-baht minimum is 20,000 satang (minor units).
  const settings = { minExchange: 200, rates: { '1': { slot: 100, casino: 50 }, '2': { slot: 200 } } };

  beforeAll(async () => {
    await seedDemo(t.db); // the games catalogue
    await setCompSettings(t, settings);
  });

  /** A logged-in member with this much cash. */
  async function player(funds: number) {
    const { token } = await t.login();
    await fund(t, token, funds);
    return token;
  }

  it('accrues comp by level and category rate when a round settles through the wallet, once per round', async () => {
    const token = await player(2_000_000);
    const slot = await launchGame(t, token);
    const table = await launchGame(t, token, BACCARAT);

    // Level 1: slot 100 bp of 1,000,000 staked; casino 50 bp of 400,000.
    const slotRound = await playRound(t, SECRET, slot, 1_000_000, 0);
    expect(slotRound.win?.status).toBe('success');
    expect((await balancesOf(t, token)).comp).toBe(10_000);
    // The provider repeats the win: the round is settled once, so comp is too.
    expect((await walletRequest(t, 'win', slotRound.settle!, SECRET)).json().status).toBe('success');
    expect((await balancesOf(t, token)).comp).toBe(10_000);

    await playRound(t, SECRET, table, 400_000, 100_000);
    expect(await balancesOf(t, token)).toEqual({ cash: 700_000, held: 0, comp: 12_000 });

    // A win that leaves the round open accrues nothing yet; the round's close does.
    const open = walletIds();
    await walletRequest(t, 'bet', { ...open, token: slot, amount: 100_000 }, SECRET);
    const partial = { txId: `${open.txId}-a`, roundId: open.roundId, amount: 0, closeRound: false };
    expect((await walletRequest(t, 'win', partial, SECRET)).json().status).toBe('success');
    expect((await balancesOf(t, token)).comp).toBe(12_000);
    await walletRequest(t, 'win', { txId: `${open.txId}-b`, roundId: open.roundId, amount: 0 }, SECRET);
    expect((await balancesOf(t, token)).comp).toBe(13_000);
    await expectSoundLedger(t.db);
  });

  it("reads the wallet's comp rate by level and category, 0 when unset or not a whole 0-10000 bp", async () => {
    // comp_rate is what wallet_win multiplies the round's stake by when the round closes.
    const cases: [unknown, number, string, number][] = [
      [{ comp: settings }, 1, 'slot', 100],
      [{ comp: settings }, 1, 'casino', 50],
      [{ comp: settings }, 2, 'slot', 200],
      [{ comp: settings }, 2, 'casino', 0],
      [{ comp: settings }, 9, 'slot', 0],
      [{ comp: { rates: { '1': { slot: 12.5 } } } }, 1, 'slot', 0],
      [{ comp: { rates: { '1': { slot: -5 } } } }, 1, 'slot', 0],
      [{ comp: { rates: { '1': { slot: 20_000 } } } }, 1, 'slot', 0],
      [{ comp: { rates: { '1': { slot: 10_000 } } } }, 1, 'slot', 10_000],
      [{ comp: { rates: { '1': { slot: '50' } } } }, 1, 'slot', 0],
      [{}, 1, 'sport', 0],
    ];
    for (const [siteSettings, level, category, expected] of cases) {
      const [row] = await queryRows<{ rate: number }>(
        t.db,
        sql`select comp_rate(${JSON.stringify(siteSettings)}::jsonb, ${level}, ${category}) as rate`,
      );
      expect(row!.rate, JSON.stringify([siteSettings, level, category])).toBe(expected);
    }
  });

  it('exchanges comp to cash at or above the site minimum, and says low_point below it', async () => {
    const token = await player(3_000_000);
    const slot = await launchGame(t, token);
    await playRound(t, SECRET, slot, 1_500_000, 0);

    const low = await t.call('roll-to-balance', {}, { token });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({
      status: 'low_point',
      msg: 'msg3033',
      minimum: 20_000,
      rolling: 15_000,
    });

    await playRound(t, SECRET, slot, 1_500_000, 0);
    const part = await t.call('roll-to-balance', { amount: 10_000 }, { token });
    expect(part.json().status).toBe('low_point');
    const all = await t.call('roll-to-balance', {}, { token });
    expect(all.json()).toEqual({ status: 'success', msg: 'msg3032', amount: 30_000 });
    expect(await balancesOf(t, token)).toEqual({ cash: 30_000, held: 0, comp: 0 });
    await expectSoundLedger(t.db);
  });

  it("tells the member the site's minimum, their level and their own rates before any exchange", async () => {
    const { token } = await t.login();
    const terms = await t.call('get-comp-settings', {}, { token });
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({
      status: 'success',
      minimum: 20_000,
      level: 1,
      levelName: null,
      rates: { casino: 50, slot: 100, sport: 0 },
    });
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    await t.db
      .update(sites)
      .set({ settings: { ...site!.settings, levelNames: { '1': 'Bronze' } } })
      .where(eq(sites.id, site!.id));
    t.app.sites.invalidate();
    expect((await t.call('get-comp-settings', {}, { token })).json().levelName).toBe('Bronze');

    const guest = await t.call('get-comp-settings', {});
    expect(guest.statusCode).toBe(401);
    expect(guest.json().status).toBe('unauthorized');
    const hostile = await t.app.inject({
      method: 'POST',
      url: '/api/routes/get-comp-settings',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{"a":',
    });
    expect(hostile.statusCode).toBe(400);
  });
});
