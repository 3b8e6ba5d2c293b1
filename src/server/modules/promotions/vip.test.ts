import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo, endBonusesOf } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { newMemberSiteId, vipPlayer } from '../../../../test/support/vip.ts';
import { launchGame, playRound, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { expireBonuses } from './bonus-close.service.ts';
import { promoBonuses, promoLevelUps } from './promotions.schema.ts';
import { levelUpSweep } from './vip.service.ts';

const SECRET = 'promo-vip-secret';

/** VIP progress from real play, and a level-up bonus granted once per level. */
describe.runIf(backendAvailable)('promotions: VIP progress and level-up bonuses', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let siteId: number;
  beforeAll(async () => {
    siteId = await newMemberSiteId(t);
    const set = await as('owner').post(`/api/admin/promotions/vip-levels/${siteId}`, {
      levels: [
        { level: 3, wagered: 1_000_000 },
        { level: 2, wagered: 300_000 },
      ],
    });
    expect(set.json()).toMatchObject({
      status: 'success',
      levels: [
        { level: 2, wagered: 300_000 },
        { level: 3, wagered: 1_000_000 },
      ],
    });
    await createCampaign(as('owner'), {
      name: 'Level 2',
      type: 'level_up',
      fixedAmount: 50_000,
      cap: null,
      levels: [2],
      wageringMultiple: 1,
    });
  });

  async function player() {
    const { id, token, play } = await vipPlayer(t, SECRET, 1_000_000);
    const progress = async () => {
      const res = await t.call('get-vip-progress', {}, { token });
      expect(res.statusCode).toBe(200);
      return res.json().vip;
    };
    return { id, token, play, progress };
  }

  it('keeps the levels of a site in order, refusing what does not fit', async () => {
    const owner = as('owner');
    const url = `/api/admin/promotions/vip-levels/${siteId}`;
    for (const body of [
      {
        levels: [
          { level: 2, wagered: 5 },
          { level: 3, wagered: 5 },
        ],
      },
      {
        levels: [
          { level: 2, wagered: 5 },
          { level: 2, wagered: 6 },
        ],
      },
      { levels: [{ level: 1, wagered: 5 }] },
      { levels: [{ level: 2, wagered: 0 }] },
      { levels: 'x' },
      {},
    ]) {
      const res = await owner.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect((await owner.post('/api/admin/promotions/vip-levels/999999', { levels: [] })).statusCode).toBe(
      404,
    );
    // A site that does not exist has no levels to read either (it answered an empty list, as if it had none).
    const missing = await owner.get('/api/admin/promotions/vip-levels/999999');
    expect([missing.statusCode, missing.json().status]).toEqual([404, 'not_found']);
    expect((await as('cashier').get(url)).statusCode).toBe(403);
    expect((await owner.get(url)).json().levels).toEqual([
      { level: 2, wagered: 300_000 },
      { level: 3, wagered: 1_000_000 },
    ]);
  });

  it('shows the progress to the next level, rises when play reaches it, and grants its bonus once', async () => {
    const p = await player();
    await p.play(200_000);
    expect(await p.progress()).toMatchObject({
      level: 1,
      wagered: 200_000,
      reachedAt: null,
      next: { level: 2, wagered: 300_000, bonus: 50_000 },
    });
    await p.play(150_000);
    expect((await levelUpSweep(t.db)).rose).toBeGreaterThanOrEqual(1);
    expect(await p.progress()).toMatchObject({
      level: 2,
      wagered: 350_000,
      reachedAt: expect.any(String),
      next: { level: 3, wagered: 1_000_000, bonus: null },
    });
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 650_000, bonus: 50_000 });
    // Again, by the page and by the sweep: nothing more.
    await p.progress();
    await levelUpSweep(t.db);
    const ups = await t.db.select().from(promoLevelUps).where(eq(promoLevelUps.memberId, p.id));
    expect(ups).toHaveLength(1);
    expect(ups[0]).toMatchObject({ level: 2, fromLevel: 1, wagered: 350_000, bonusId: expect.any(Number) });
    expect(await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id))).toHaveLength(1);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ bonus: 50_000 });
    await expectSoundLedger(t.db);
  });

  it('counts a sports bet once it is settled, and never one voided whole', async () => {
    const p = await player();
    const game = await launchGame(t, p.token);
    /** A sports bet (a round of category sport) of `stake`; `settle(win)` closes it. */
    const sportsBet = async (stake: number) => {
      const ids = walletIds();
      const bet = await walletRequest(t, 'bet', { ...ids, token: game, amount: stake }, SECRET);
      expect(bet.json().status).toBe('success');
      await t.db.execute(sql`update game_rounds set category = 'sport' where round_id = ${ids.roundId}`);
      return async (win: number) => {
        const settle = { txId: `${ids.txId}-win`, roundId: ids.roundId, amount: win };
        expect((await walletRequest(t, 'win', settle, SECRET)).json().status).toBe('success');
      };
    };
    // 400,000 on a past-posted price: open, then voided by a cancel window (its stake back).
    const voided = await sportsBet(400_000);
    expect(await p.progress()).toMatchObject({ level: 1, wagered: 0 });
    await voided(400_000);
    await levelUpSweep(t.db);
    expect(await p.progress()).toMatchObject({ level: 1, wagered: 0 });
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 1_000_000, bonus: 0 });
    // A bet that really lost counts once settled.
    const lost = await sportsBet(300_000);
    expect(await p.progress()).toMatchObject({ level: 1, wagered: 0 });
    await lost(0);
    expect(await p.progress()).toMatchObject({ level: 2, wagered: 300_000 });
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 700_000, bonus: 50_000 });
    await expectSoundLedger(t.db);
  });

  it("keeps an operator's demotion: the wagering that reached a level does not reach it again", async () => {
    const p = await player();
    await p.play(350_000);
    expect(await p.progress()).toMatchObject({ level: 2 });
    const demote = await as('owner').post(`/api/admin/members/${p.id}/level`, { level: 1 });
    expect(demote.statusCode).toBe(200);
    expect(await p.progress()).toMatchObject({ level: 1, wagered: 350_000 });
    await levelUpSweep(t.db);
    expect(await p.progress()).toMatchObject({ level: 1 });
    const [told] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notes where member_id = ${p.id} and msg_key = 'levelUp'`,
    );
    expect(told!.n).toBe(1);
    // A level play never reached before raises them again; the level-2 bonus came once.
    await p.play(650_000);
    expect(await p.progress()).toMatchObject({ level: 3 });
    expect(await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id))).toHaveLength(1);
    await expectSoundLedger(t.db);
  });

  it('a level-up bonus waits while another bonus runs, then comes once', async () => {
    const welcome = await createCampaign(as('owner'), { name: 'Welcome', cap: 10_000, minDeposit: 0 });
    const { token, member } = await t.login();
    await depositWithPromo(t, { token }, 1_000_000, welcome);
    const id = await memberIdOf(t.db, member.id);
    expect((await playRound(t, SECRET, await launchGame(t, token), 400_000, 0)).win?.status).toBe('success');
    await levelUpSweep(t.db);
    const [waiting] = await t.db.select().from(promoLevelUps).where(eq(promoLevelUps.memberId, id));
    expect(waiting).toMatchObject({ level: 2, bonusId: null });
    await endBonusesOf(t.db, id);
    await expireBonuses(t.db);
    await levelUpSweep(t.db);
    await levelUpSweep(t.db);
    const [granted] = await t.db.select().from(promoLevelUps).where(eq(promoLevelUps.memberId, id));
    expect(granted!.bonusId).toEqual(expect.any(Number));
    expect(await memberBalances(t.db, id)).toMatchObject({ bonus: 50_000 });
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('races', () => {
    it('concurrent looks and sweeps raise a member once and grant the bonus once', async () => {
      const p = await player();
      await p.play(400_000);
      await Promise.all([
        ...Array.from({ length: 4 }, () => p.progress()),
        levelUpSweep(t.db),
        levelUpSweep(t.db),
      ]);
      expect(await t.db.select().from(promoLevelUps).where(eq(promoLevelUps.memberId, p.id))).toHaveLength(1);
      expect(await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id))).toHaveLength(1);
      expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 600_000, bonus: 50_000 });
      // Told once, audited once.
      const [told] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from notes where member_id = ${p.id} and msg_key = 'levelUp'`,
      );
      expect(told!.n).toBe(1);
      const [audited] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from audit_log where action = 'promotions.level.up' and target = ${`member:${p.id}`}`,
      );
      expect(audited!.n).toBe(1);
      await expectSoundLedger(t.db);
    });
  });
});
