import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../test/support/wallet.ts';
import { payCashbacks } from '../promotions/cashback.service.ts';

const SECRET = 'statement-kinds-secret';
const DAY = 86_400_000;

interface Line {
  id: number;
  kind: string;
  account: string;
  amount: number;
}

/**
 * A promotion's money on the member's statement: a bonus converted to cash and a cashback are listed
 * under the statement's bonus filter (not among the games, not only under "all"), and the CSV names
 * them in the member's language, never by the ledger's internal kind.
 */
describe.runIf(backendAvailable)('the statement names and files a promotion’s money', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  /** A member whose welcome bonus (no wagering) converted, who lost a round yesterday and got cashback. */
  async function memberWithPromotions() {
    await t.db.execute(
      sql`update promo_campaigns set enabled = false where type in ('cashback', 'first_deposit')`,
    );
    const welcome = await createCampaign(as('owner'), { cap: 50_000, minDeposit: 0, wageringMultiple: 0 });
    await createCampaign(as('owner'), {
      name: 'Cashback 10%',
      type: 'cashback',
      percentBps: 1_000,
      cap: 30_000,
      cashbackPeriodDays: 1,
      startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
      wageringMultiple: 1,
    });
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await depositWithPromo(t, { token }, 500_000, welcome);
    const converted = await t.call('convert-bonus', {}, { token });
    expect(converted.json()).toMatchObject({ status: 'success', bonus: { status: 'converted' } });
    expect((await playRound(t, SECRET, await launchGame(t, token), 100_000, 0)).win?.status).toBe('success');
    // The loss becomes yesterday's, a period that has ended: the cashback sweep pays 10 % of it.
    await t.db.execute(sql`update member_play_days set day = day - 1 where member_id = ${id}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${id}`,
    );
    expect((await payCashbacks(t.db)).paid).toBeGreaterThanOrEqual(1);
    return { token, id };
  }

  const statement = async (token: string, kind?: string) => {
    const res = await t.call('get-user-statement', { pageSize: 100, ...(kind ? { kind } : {}) }, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { list: Line[] }).list;
  };

  it('lists cashback and the conversion under the bonus filter, and the CSV in words', async () => {
    const { token } = await memberWithPromotions();
    const all = await statement(token);
    expect(all.map((l) => [l.kind, l.account, l.amount])).toEqual(
      expect.arrayContaining([
        ['cashback', 'cash', 10_000],
        ['bonus_convert', 'bonus', -50_000],
        ['bonus_convert', 'cash', 50_000],
        ['bonus_grant', 'bonus', 50_000],
      ]),
    );
    const bonus = await statement(token, 'bonus');
    expect(new Set(bonus.map((l) => l.kind))).toEqual(new Set(['cashback', 'bonus_convert', 'bonus_grant']));
    const games = await statement(token, 'game');
    expect(new Set(games.map((l) => l.kind))).toEqual(new Set(['bet']));
    // Every line is under one filter: the filters together list the whole statement.
    const filters = ['deposit', 'withdraw', 'game', 'bonus', 'comp', 'vault', 'adjustment'];
    const filed = (await Promise.all(filters.map((f) => statement(token, f)))).flat();
    expect(filed.map((l) => `${l.id}${l.account}`).sort()).toEqual(
      all.map((l) => `${l.id}${l.account}`).sort(),
    );

    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // Wide enough for any site zone: from the day before yesterday to tomorrow.
    const days = { from: day(Date.now() - 2 * DAY), to: day(Date.now() + DAY) };
    const en = (await t.call('get-account-statement-csv', days, { token, cookie: 'lang=en' })).body;
    expect(en).toMatch(/,Cashback,Balance,100\.00,THB\r\n/);
    expect(en).toMatch(/,Bonus converted to cash,Bonus,-500\.00,THB\r\n/);
    expect(en).toMatch(/,Bonus converted to cash,Balance,500\.00,THB\r\n/);
    const th = (await t.call('get-account-statement-csv', days, { token, cookie: 'lang=th' })).body;
    expect(th).toMatch(/,เงินคืน,ยอดเงิน,100\.00,THB\r\n/);
    expect(th).toMatch(/,แปลงโบนัสเป็นเงินสด,โบนัส,-500\.00,THB\r\n/);
    for (const body of [en, th]) expect(body).not.toMatch(/cashback|bonus_|,bonus,/);
  });
});
