import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import {
  askDeposit,
  bonusesOf,
  createCampaign,
  depositWithPromo,
} from '../../../../test/support/promotions.ts';
import { type CallOptions, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { auditLog } from '../../db/schema.ts';
import { approveDeposit } from '../cashier/deposits.service.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { grantForDeposit } from './grants.service.ts';

/** Grants (issue 36, part 3): at deposit approval, by code, once; never to a protected member. */
describe.runIf(backendAvailable)('promotions: grants', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);
  let welcome: number;
  let everyDeposit: number;
  let code: number;
  beforeAll(async () => {
    welcome = await createCampaign(as('owner'));
    everyDeposit = await createCampaign(as('owner'), {
      name: 'Reload 10%',
      type: 'every_deposit',
      percentBps: 1_000,
      cap: null,
      wageringBase: 'bonus_deposit',
      wageringMultiple: 3,
    });
    code = await createCampaign(as('owner'), {
      name: 'Code',
      type: 'code',
      code: 'HELLO-36',
      percentBps: 0,
      fixedAmount: 20_000,
      cap: null,
      minDeposit: 0,
    });
  });

  async function member() {
    const { token, member } = await t.login();
    return { as: { token } as CallOptions, id: await memberIdOf(t.db, member.id) };
  }

  it('grants the opted-in deposit bonus at approval, capped, once, audited, exact on the ledger', async () => {
    const m = await member();
    const requestId = await depositWithPromo(t, m.as, 1_000_000, welcome);
    expect(await memberBalances(t.db, m.id)).toMatchObject({ cash: 1_000_000, bonus: 500_000 });
    // The health check (the header) names the bonus money apart from the cash.
    const health = (await t.call('user-health-check', {}, m.as)).json();
    expect(health.user).toMatchObject({ balance: 1_000_000, bonus: 500_000 });
    const mine = await bonusesOf(t, m.as);
    expect(mine.active).toMatchObject({
      campaignId: welcome,
      amount: 500_000,
      balance: 500_000,
      wageringRequired: 5_000_000,
      wageringDone: 0,
      status: 'active',
    });
    // A second approval is refused; the grant itself applies once whatever calls it again.
    await expect(approveDeposit(t.db, requestId, { by: 'again' })).rejects.toMatchObject({ httpStatus: 409 });
    const again = await t.db.transaction((tx) =>
      grantForDeposit(tx, { id: requestId, memberId: m.id, amount: 1_000_000 }, 'again'),
    );
    expect(again?.outcome).not.toBe('granted');
    expect((await memberBalances(t.db, m.id)).bonus).toBe(500_000);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${m.id}`))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'promotions.bonus.grant', operatorLogin: 'test-operator' });
    await expectSoundLedger(t.db);
  });

  it('gives the welcome bonus once per member, and no second bonus while one is active', async () => {
    const m = await member();
    await depositWithPromo(t, m.as, 200_000, welcome);
    const again = await askDeposit(t, m.as, 200_000, welcome);
    expect(again.json()).toMatchObject({ msg: 'msg3603' });
    // Taken once, it is the member's bonus now, no longer among the offers (every-deposit still is).
    const offered = (await t.call('list-promotions', {}, m.as)).json().list.map((o: { id: number }) => o.id);
    expect(offered).not.toContain(welcome);
    expect(offered).toContain(everyDeposit);
    const reload = await askDeposit(t, m.as, 200_000, everyDeposit);
    expect(reload.statusCode).toBe(409);
    expect(reload.json()).toMatchObject({ msg: 'msg3604' });
    // Refused opt-ins leave no request behind: the next deposit is accepted.
    expect((await askDeposit(t, m.as, 200_000)).json().status).toBe('success');
  });

  it('grants every-deposit bonuses with wagering on bonus plus deposit', async () => {
    const m = await member();
    await depositWithPromo(t, m.as, 1_230_000, everyDeposit);
    expect((await bonusesOf(t, m.as)).active).toMatchObject({
      amount: 123_000,
      wageringRequired: 3 * (123_000 + 1_230_000),
    });
  });

  it('refuses opt-ins that do not apply, with their message', async () => {
    const m = await member();
    const ko = await createCampaign(as('owner'), { currency: 'KRW', name: 'KRW only' });
    const ended = await createCampaign(as('owner'), { name: 'off', enabled: false });
    const cases: [number, number, number, string][] = [
      [welcome, 50_000, 400, 'msg3602'],
      [999_999, 200_000, 404, 'msg3600'],
      [code, 200_000, 404, 'msg3600'],
      [ended, 200_000, 404, 'msg3600'],
      [ko, 200_000, 403, 'msg3601'],
    ];
    for (const [promo, amount, status, msg] of cases) {
      const res = await askDeposit(t, m.as, amount, promo);
      expect({ promo, status: res.statusCode, msg: res.json().msg }).toEqual({ promo, status, msg });
    }
    for (const promo of [0, -1, 'x', 1.5, 1e20]) {
      const res = await t.call('apply-user-deposit', { balance: 200_000, code: '1', promo }, m.as);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect(await memberBalances(t.db, m.id)).toMatchObject({ cash: 0, bonus: 0 });
  });

  it('offers nothing to a member on a break or over a limit', async () => {
    const onBreak = await member();
    expect(
      (await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, onBreak.as)).statusCode,
    ).toBe(200);
    expect((await t.call('claim-promo-code', { code: 'HELLO-36' }, onBreak.as)).json().status).toBe(
      'excluded',
    );
    expect((await t.call('list-promotions', {}, onBreak.as)).json()).toEqual({ status: 'success', list: [] });

    // A member whose day's deposits have met their deposit limit.
    const capped = await member();
    const res = await askDeposit(t, capped.as, 100_000);
    await approveDeposit(t.db, res.json().requestId, { by: 'test-operator' });
    await t.call('set-limit', { kind: 'deposit', period: 'day', amount: 100_000 }, capped.as);
    const refused = await t.call('claim-promo-code', { code: 'HELLO-36' }, capped.as);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: 'msg3608' });
    expect((await t.call('list-promotions', {}, capped.as)).json()).toEqual({ status: 'success', list: [] });
  });

  it('claims a bonus by code once, and lists offers with terms in the language asked for', async () => {
    const m = await member();
    const offered = async () =>
      (await t.call('list-promotions', {}, m.as)).json().list.map((o: { id: number }) => o.id);
    expect(await offered()).toContain(code);
    const claimed = await t.call('claim-promo-code', { code: 'hello-36' }, m.as);
    expect(claimed.json()).toMatchObject({ status: 'success', msg: 'msg3605', bonus: { amount: 20_000 } });
    const again = await t.call('claim-promo-code', { code: 'HELLO-36' }, m.as);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'msg3603' });
    // Claimed once, it is the member's bonus now (a second claim is refused), no longer an offer.
    expect(await offered()).not.toContain(code);
    const offers = await t.call('list-promotions', {}, { ...m.as, headers: { 'accept-language': 'en' } });
    const offer = offers.json().list.find((o: { id: number }) => o.id === welcome);
    expect(offer).toMatchObject({ terms: 'Welcome bonus 100%', atDeposit: true, type: 'first_deposit' });
    const thai = (await t.call('list-promotions', {}, m.as))
      .json()
      .list.find((o: { id: number }) => o.id === welcome);
    expect(thai.terms).toBe('โบนัสต้อนรับ 100%');
    expect(offers.json().list.some((o: { currency?: string; name: string }) => o.name === 'KRW only')).toBe(
      false,
    );
  });

  it('refuses bad input on the member routes with a 4xx, status and msg', async () => {
    const m = await member();
    const cases: [string, unknown][] = [
      ['claim-promo-code', {}],
      ['claim-promo-code', { code: '' }],
      ['claim-promo-code', { code: 'x'.repeat(33) }],
      ['claim-promo-code', { code: "'; drop table x;--" }],
      ['claim-promo-code', { code: 42 }],
      ['claim-promo-code', { code: 'NO-SUCH-CODE' }],
      ['claim-promo-code', null],
      ['list-promotions', { extra: [1] }],
      ['get-my-bonuses', 'text'],
      ['convert-bonus', 'text'],
      ['convert-bonus', {}],
    ];
    for (const [route, body] of cases) {
      const res = await t.call(route, body, m.as);
      if (route !== 'list-promotions')
        expect({ route, body, s: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({
          route,
          body,
          s: true,
        });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ status: expect.any(String) });
    }
    expect((await t.call('claim-promo-code', { code: 'NO-SUCH-CODE' }, m.as)).json().msg).toBe('msg3609');
    expect((await t.call('get-my-bonuses', {})).statusCode).toBe(401);
  });

  describe.runIf(isPostgres)('races', () => {
    it('concurrent claims of one code by one member give exactly one bonus', async () => {
      const m = await member();
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => t.call('claim-promo-code', { code: 'HELLO-36' }, m.as)),
      );
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of replies) expect(r.statusCode).toBeLessThan(500);
      expect((await memberBalances(t.db, m.id)).bonus).toBe(20_000);
      await expectSoundLedger(t.db);
    });

    it('concurrent approvals of one opted-in deposit grant once', async () => {
      const m = await member();
      const res = await askDeposit(t, m.as, 1_000_000, welcome);
      const id = res.json().requestId;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) => approveDeposit(t.db, id, { by: `op-${i}` })),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await memberBalances(t.db, m.id)).toMatchObject({ cash: 1_000_000, bonus: 500_000 });
      const grants = await t.db
        .select()
        .from(auditLog)
        .where(like(auditLog.action, 'promotions.bonus.grant'));
      expect(grants.filter((g) => g.target === `member:${m.id}`)).toHaveLength(1);
      await expectSoundLedger(t.db);
    });

    it('a code claim racing a welcome grant gives exactly one bonus', async () => {
      const m = await member();
      const res = await askDeposit(t, m.as, 1_000_000, welcome);
      const [claim] = await Promise.all([
        t.call('claim-promo-code', { code: 'HELLO-36' }, m.as),
        approveDeposit(t.db, res.json().requestId, { by: 'test-operator' }),
      ]);
      expect(claim.statusCode).toBeLessThan(500);
      const bonus = (await memberBalances(t.db, m.id)).bonus;
      expect([20_000, 500_000]).toContain(bonus);
      const mine = await bonusesOf(t, m.as);
      expect(mine.active.amount).toBe(bonus);
      expect(mine.history).toEqual([]);
      await expectSoundLedger(t.db);
    });
  });
});
