import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { bonusPlayer, createCampaign } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { promoBonuses } from './promotions.schema.ts';

const SECRET = 'promo-clawback-secret';

/**
 * Corrections of bonus-funded wins take back what the member got: from cash once the bonus converted
 * (a debt for what was spent), and a cut then restored never pays more than the cut took.
 */
describe.runIf(backendAvailable)('promotions: corrections of bonus-funded wins', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let bonusFirst: number;
  beforeAll(async () => {
    // 100 % of the first deposit up to 500,000, bonus money staked first.
    bonusFirst = await createCampaign(as('owner'), { stakeOrder: 'bonus_first', wageringMultiple: 2 });
  });

  const player = () => bonusPlayer(t, bonusFirst, SECRET);

  /**
   * Wagering complete (as if played through by rounds already settled: a round still open counts for no
   * conversion), and the member converts the bonus to cash.
   */
  const convert = async (p: { id: number; token: string }) => {
    await t.db.execute(
      sql`delete from promo_casino_wagers w using promo_bonuses b where b.id = w.bonus_id and b.member_id = ${p.id}`,
    );
    await t.db
      .update(promoBonuses)
      .set({ wageringDone: sql`${promoBonuses.wageringRequired}` })
      .where(eq(promoBonuses.memberId, p.id));
    expect((await t.call('convert-bonus', {}, { token: p.token })).statusCode).toBe(200);
  };

  const expectAccounted = async () => {
    const audit = await auditLedger(t.db);
    expect(audit.strayBonusTransfers).toBe(0);
    expect(audit.promotions.problems).toEqual([]);
    await expectSoundLedger(t.db);
  };

  it('a win cancelled after its bonus converted is taken back from cash, the spent part as a debt', async () => {
    const p = await player();
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    const round = await p.bet(10_000);
    const won = await p.win(round, 5_000_000);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 5_490_000 });
    await convert(p);
    expect(await p.balances()).toEqual({ cash: 6_490_000, bonus: 0 });
    // The member spends the money (a lost stake stands for a withdrawal here).
    await p.win(await p.bet(6_000_000), 0);
    expect(await p.balances()).toEqual({ cash: 490_000, bonus: 0 });

    const cancelled = await p.correct('unsettle', round, won);
    expect(cancelled.reply).toMatchObject({ balance: 0, debt: 4_510_000 });
    const [bonus] = await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id));
    expect(bonus).toMatchObject({ status: 'converted', converted: 5_490_000, clawedBack: 5_000_000 });

    // The reopened round settled again at the same win: what the cut took goes back to cash, the debt first.
    await p.win({ txId: `${round.txId}-again`, roundId: round.roundId }, 5_000_000);
    expect(await p.balances()).toEqual({ cash: 490_000, bonus: 0 });
    const [after] = await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id));
    expect(after).toMatchObject({ clawedBack: 0 });
    const [owed] = await queryRows<{ n: number }>(
      t.db,
      sql`select coalesce(sum(amount), 0)::int8 as n from wallet_debts where member_id = ${p.id}`,
    );
    expect(Number(owed!.n)).toBe(0);
    await expectAccounted();
  });

  it('a resettle down and back up pays no more bonus money than the cut took', async () => {
    const p = await player();
    const round = await p.bet(1_000_000); // 500,000 bonus and 500,000 cash: half
    const won = await p.win(round, 1_000);
    expect(await p.balances()).toEqual({ cash: 500_500, bonus: 500 });
    await p.win(await p.bet(400), 0); // 400 of the bonus share staked and lost
    expect(await p.balances()).toEqual({ cash: 500_500, bonus: 100 });

    const down = await p.correct('resettle', round, won, 0);
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 0 }); // only the 100 it held
    await p.correct('resettle', round, down.txId, 1_000);
    // Back where it was before the first correction: not 400 more.
    expect(await p.balances()).toEqual({ cash: 500_500, bonus: 100 });
    await expectAccounted();
  });

  it('an unsettle and a new win of the reopened round pay no more bonus money than the cut took', async () => {
    const p = await player();
    const round = await p.bet(1_000_000);
    const won = await p.win(round, 1_000);
    await p.win(await p.bet(400), 0);
    await p.correct('unsettle', round, won);
    expect(await p.balances()).toEqual({ cash: 500_000, bonus: 0 });
    await p.win({ txId: `${round.txId}-again`, roundId: round.roundId }, 1_000);
    expect(await p.balances()).toEqual({ cash: 500_500, bonus: 100 });
    await expectAccounted();
  });

  it("a clawback taken on one round is not paid back by another round's win", async () => {
    const p = await player();
    const a = await p.bet(10_000);
    const won = await p.win(a, 5_000_000);
    const c = await p.bet(10_000); // bonus-staked, still open when the bonus converts
    await convert(p);
    expect(await p.balances()).toEqual({ cash: 6_480_000, bonus: 0 });
    await p.correct('unsettle', a, won);
    expect(await p.balances()).toEqual({ cash: 1_480_000, bonus: 0 });
    // Round C's win was staked by the converted bonus: the promotions expense's, not A's clawback back.
    await p.win(c, 1_000_000);
    expect(await p.balances()).toEqual({ cash: 1_480_000, bonus: 0 });
    const [bonus] = await t.db.select().from(promoBonuses).where(eq(promoBonuses.memberId, p.id));
    expect(bonus).toMatchObject({ clawedBack: 5_000_000 });
    // A settled again still gets its own clawback back.
    await p.win({ txId: `${a.txId}-again`, roundId: a.roundId }, 5_000_000);
    expect(await p.balances()).toEqual({ cash: 6_480_000, bonus: 0 });
    await expectAccounted();
  });
});
