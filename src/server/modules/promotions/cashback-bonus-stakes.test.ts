import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { bonusPlayer, createCampaign, onlyCashback } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { payCashbacks } from './cashback.service.ts';
import { auditPromotions } from './promotions.audit.ts';
import { promoCashbackPayments } from './promotions.schema.ts';

const SECRET = 'cashback-bonus-stakes-secret';

/** Cashback pays back the member's own money lost: the bonus money staked was the house's promotion. */
describe.runIf(backendAvailable)('promotions: cashback leaves bonus stakes out of the net loss', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  it('counts only the cash staked less the cash part of what came back', async () => {
    await onlyCashback(t.db, as('owner'));
    // 100 % of 1,000,000 up to 500,000, staked bonus first.
    const welcome = await createCampaign(as('owner'), { stakeOrder: 'bonus_first', wageringMultiple: 30 });
    const p = await bonusPlayer(t, welcome, SECRET);
    expect(await p.balances()).toEqual({ cash: 1_000_000, bonus: 500_000 });
    // 600,000 staked (500,000 bonus, 100,000 cash) wins 300,000: 5/6 of it to the bonus, 50,000 to cash.
    await p.win(await p.bet(600_000), 300_000);
    expect(await p.balances()).toEqual({ cash: 950_000, bonus: 250_000 });
    await t.db.execute(sql`update member_play_days set day = day - 1 where member_id = ${p.id}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${p.id}`,
    );

    await payCashbacks(t.db);
    const [paid] = await t.db
      .select()
      .from(promoCashbackPayments)
      .where(eq(promoCashbackPayments.memberId, p.id));
    // The member's own loss is 50,000 (not 300,000): 5,000 back.
    expect(paid).toMatchObject({ netLoss: 50_000, amount: 5_000, outcome: 'paid' });
    expect(await memberBalances(t.db, p.id)).toMatchObject({ cash: 955_000, bonus: 250_000 });
    await expectSoundLedger(t.db);
    // The audit holds each payment to its transfer: a record that says more than moved is named.
    await t.db.execute(sql`update promo_cashback_payments set amount = amount + 1 where id = ${paid!.id}`);
    expect((await auditPromotions(t.db)).problems).toEqual([
      `cashback payment ${paid!.id} (cash) of 5001: 1 transfer(s) moved 5000, bonus of null`,
    ]);
    await t.db.execute(sql`update promo_cashback_payments set amount = amount - 1 where id = ${paid!.id}`);
  });
});
