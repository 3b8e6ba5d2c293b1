import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { bonusPlayer, endBonusesOf, useStakingCampaigns } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { walletIds } from '../../../../test/support/wallet.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { expireBonuses } from './bonus-close.service.ts';
import { promoBonuses } from './promotions.schema.ts';

const SECRET = 'promo-staking-secret';

/** Staking bonus money: cash or bonus first as the campaign says; wins and rollbacks follow the stake's source. */
describe.runIf(backendAvailable)('promotions: staking bonus money', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  const { as } = useOperators(t);
  const campaigns = useStakingCampaigns(t, () => as('owner'));

  async function player(campaign: number) {
    const { id, token, game, wallet, balances } = await bonusPlayer(t, campaign, SECRET);
    const bet = async (amount: number) => {
      const ids = walletIds();
      const res = await wallet('bet', { ...ids, token: game, amount });
      return { ids, reply: res.json() };
    };
    const win = (ids: { txId: string; roundId: string }, amount: number) =>
      wallet('win', { txId: `${ids.txId}-win`, roundId: ids.roundId, amount });
    return { id, token, wallet, bet, win, balances };
  }

  it('bonus first: stakes bonus money, pays the bonus share of a win to the bonus, refunds a rollback there', async () => {
    const p = await player(campaigns.bonusFirst);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    const first = await p.bet(100_000);
    expect(first.reply).toMatchObject({ status: 'success', balance: 1_000_000 });
    await p.win(first.ids, 250_000);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 650_000 });
    const second = await p.bet(600_000);
    await p.win(second.ids, 0);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 50_000 });
    // 50,000 bonus and 50,000 cash: a win of 30,000 pays half to each.
    const third = await p.bet(100_000);
    expect(third.reply).toMatchObject({ status: 'success', balance: 950_000 });
    await p.win(third.ids, 30_000);
    expect(await p.balances()).toEqual({ cash: 965_000, bonus: 15_000 });
    const rolled = await p.bet(20_000);
    expect(await p.balances()).toEqual({ cash: 960_000, bonus: 0 });
    const rollback = await p.wallet('rollback', { txId: `${rolled.ids.txId}-rb`, refTxId: rolled.ids.txId });
    expect(rollback.json()).toMatchObject({ status: 'success', result: 'refunded', balance: 965_000 });
    expect(await p.balances()).toEqual({ cash: 965_000, bonus: 15_000 });
    const [bonus] = await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id));
    expect(bonus!.wageringDone).toBe(800_000);
    await expectSoundLedger(t.db);
  });

  it('cash first: only what cash cannot cover comes from the bonus; more than both is refused', async () => {
    const p = await player(campaigns.cashFirst);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    expect((await p.bet(1_500_001)).reply).toMatchObject({ status: 'balance', balance: 1_000_000 });
    const big = await p.bet(1_200_000);
    expect(big.reply).toMatchObject({ status: 'success', balance: 0 });
    expect(await p.balances()).toEqual({ cash: 0, bonus: 300_000 });
    await p.win(big.ids, 600_000); // a sixth of the stake was bonus money: 100,000 of the win
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 400_000 });
    await expectSoundLedger(t.db);
  });

  it("pays a round's bonus share to the promotions expense once its bonus has ended", async () => {
    const p = await player(campaigns.cashFirst);
    const open = await p.bet(1_100_000); // 1,000,000 cash and 100,000 bonus
    expect(await p.balances()).toEqual({ cash: 0, bonus: 400_000 });
    await endBonusesOf(t.db, p.id);
    expect(await expireBonuses(t.db)).toBe(1);
    await p.win(open.ids, 110_000);
    expect(await p.balances()).toEqual({ cash: 100_000, bonus: 0 });
    const audit = await auditLedger(t.db);
    expect(audit.promotions.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  describe.runIf(isPostgres)('races', () => {
    it('bonus bets and wins racing a conversion and an expiry leave every unit accounted for', async () => {
      const p = await player(campaigns.bonusFirst);
      for (let i = 0; i < 5; i++) await p.bet(200_000).then((b) => p.win(b.ids, 100_000));
      const rounds = await Promise.all(Array.from({ length: 4 }, () => p.bet(50_000)));
      await Promise.all([
        ...rounds.map((r) => p.win(r.ids, 80_000)),
        t.call('convert-bonus', {}, { token: p.token }),
        ...Array.from({ length: 3 }, () => p.bet(10_000)),
      ]);
      const audit = await auditLedger(t.db);
      expect(audit.promotions.problems).toEqual([]);
      await expectSoundLedger(t.db);
    });
  });
});
