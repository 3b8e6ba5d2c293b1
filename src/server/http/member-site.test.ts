import { beforeAll, describe, expect, it } from 'vitest';
import { nextCode } from '../../../test/support/money.ts';
import { useOperators } from '../../../test/support/operators.ts';
import { publicCall } from '../../../test/support/public-api.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../test/support/sites.ts';
import { newMember, useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { MSG } from '../../shared/messages.ts';
import { approveDeposit } from '../modules/cashier/deposits.service.ts';
import { smsRecipient } from '../modules/sites/site-phone.ts';

const OTHER_SITE = { status: 'forbidden', msg: MSG.otherSiteAccount };

/**
 * The routes apply the host's site (its currency, desk, verification rules): a member of the Korean
 * (won) site is refused on the Thai host, whatever the route, so no site's rules apply to another's member.
 */
describe.runIf(backendAvailable)('a member on another site’s host', () => {
  const t = useTestApp({}, { seedDemo: true });
  const ops = useOperators(t);
  let koSiteId = 0;

  beforeAll(async () => {
    const list = (await ops.as('owner').get('/api/admin/settings/sites')).json().sites;
    koSiteId = list.find((s: { isDefault: boolean }) => !s.isDefault).id;
  });

  async function koMember(funds = 0) {
    const ko = await memberOn(t, KO_SITE);
    if (funds > 0) {
      const dep = await t.call('apply-user-deposit', { balance: funds, code: nextCode() }, ko.as);
      expect(dep.json(), dep.body).toMatchObject({ status: 'success' });
      await approveDeposit(t.db, dep.json().requestId, { by: 'test-operator' });
    }
    return ko;
  }

  async function koBalances(token: string) {
    const { user } = (await t.call('user-health-check', {}, { ...KO_SITE, token })).json();
    return { cash: user.balance, held: user.in_balance };
  }

  it('cannot deposit there in the other site’s currency', async () => {
    const ko = await koMember();
    const res = await t.call(
      'apply-user-deposit',
      { balance: 10_000, code: nextCode() },
      { ...TH_SITE, token: ko.token },
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject(OTHER_SITE);
    const list = await t.call('get-deposit-list', { page: 1, pageSize: 10 }, ko.as);
    expect(list.json()).toMatchObject({ status: 'success', list: [], maxCount: 0 });
  });

  it('cannot withdraw there past the own site’s verification (KYC) requirement', async () => {
    await ops
      .as('owner')
      .post(`/api/admin/settings/sites/${koSiteId}/kyc`, { withdrawLevel: 1, over: null, overLevel: 0 });
    t.app.sites.invalidate();
    const ko = await koMember(500_000);
    const own = await t.call('apply-user-withdraw', { balance: 300_000, code: nextCode() }, ko.as);
    expect(own.json()).toMatchObject({ status: 'verification', requiredLevel: 1 });

    const elsewhere = await t.call(
      'apply-user-withdraw',
      { balance: 300_000, code: nextCode() },
      { ...TH_SITE, token: ko.token },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(403);
    expect(elsewhere.json()).toMatchObject(OTHER_SITE);
    expect(await koBalances(ko.token)).toEqual({ cash: 500_000, held: 0 });
    await ops
      .as('owner')
      .post(`/api/admin/settings/sites/${koSiteId}/kyc`, { withdrawLevel: 0, over: null, overLevel: 0 });
  });

  it('cannot withdraw there while the own site’s withdrawal desk is locked', async () => {
    const ko = await koMember(200_000);
    await ops
      .as('owner')
      .post(`/api/admin/settings/sites/${koSiteId}/cashier`, { withdraw: { locked: true } });
    t.app.sites.invalidate();
    try {
      const own = await t.call('apply-user-withdraw', { balance: 100_000, code: nextCode() }, ko.as);
      expect(own.statusCode, own.body).toBe(403);
      const elsewhere = await t.call(
        'apply-user-withdraw',
        { balance: 100_000, code: nextCode() },
        { ...TH_SITE, token: ko.token },
      );
      expect(elsewhere.json()).toMatchObject(OTHER_SITE);
      expect(await koBalances(ko.token)).toEqual({ cash: 200_000, held: 0 });
    } finally {
      await ops
        .as('owner')
        .post(`/api/admin/settings/sites/${koSiteId}/cashier`, { withdraw: { locked: false } });
      t.app.sites.invalidate();
    }
  });

  it('cannot open a game, read the account or log in there; the own host still works', async () => {
    const ko = await koMember();
    const other = { ...TH_SITE, token: ko.token };
    for (const [route, body] of [
      ['open-game', { code: 'sportsbook', company: 'royal-sports' }],
      ['user-health-check', {}],
      ['get-deposit-payment', {}],
    ] as const) {
      const res = await t.call(route, body, other);
      expect({ route, code: res.statusCode, ...res.json() }).toMatchObject({
        route,
        code: 403,
        ...OTHER_SITE,
      });
    }
    expect((await t.call('user-health-check', {}, ko.as)).statusCode).toBe(200);
  });

  it('is refused a session on that host at login, after the right password', async () => {
    const m = newMember({ bankname: await t.siteBank(KO_SITE) });
    expect((await t.call('user-register', m, KO_SITE)).statusCode).toBe(201);
    const wrong = await t.call('user-do-login', { id: m.id, pw: `${m.pw}x` }, TH_SITE);
    expect(wrong.statusCode).toBe(401); // a wrong password says nothing about the site
    const there = await t.call('user-do-login', { id: m.id, pw: m.pw }, TH_SITE);
    expect(there.statusCode, there.body).toBe(403);
    expect(there.json()).toMatchObject(OTHER_SITE);
    expect(there.json().token).toBeUndefined();
    const own = await t.call('user-do-login', { id: m.id, pw: m.pw }, KO_SITE);
    expect(own.json()).toMatchObject({ status: 'success' });
  });

  it('is refused on the older front ends’ /public/ paths and the live stream', async () => {
    const ko = await koMember();
    const res = await publicCall(t, 'balance/apply_user_deposit', { balance: 10_000 }, { session: ko.token });
    expect(res.json().data).toMatchObject(OTHER_SITE);
    const live = await t.app.inject({
      method: 'GET',
      url: '/api/live',
      headers: { authorization: `Bearer ${ko.token}` },
    });
    expect(live.statusCode).toBe(403);
    expect(live.json()).toMatchObject(OTHER_SITE);
  });

  it('cannot be sent a password-reset code there, nor spend one there', async () => {
    const phone = `08${String(Date.now()).slice(-8)}`;
    const member = newMember({ phone, bankname: await t.siteBank(TH_SITE) });
    expect((await t.call('user-register', member, TH_SITE)).json().status).toBe('success');
    const token = (await t.call('user-do-login', { id: member.id, pw: member.pw }, TH_SITE)).json().token;
    const codesSent = async () => {
      await t.app.outbox.runOnce();
      // The Thai site reads its members' numbers as Thai ones: the SMS goes to +66….
      const to = encodeURIComponent(smsRecipient({ phoneCountry: 'TH' }, phone));
      const sms = (await t.app.inject({ method: 'GET', url: `/sandbox/messages?to=${to}` })).json().list;
      return (sms as { body: string }[]).map((m) => /(?<!\d)(\d{6})(?!\d)/.exec(m.body)?.[1]);
    };
    // Asked on the Korean host: answered like an unknown id (the answer never tells), and nothing sent.
    const asked = await t.call('user-password-forgot', { id: member.id }, KO_SITE);
    expect(asked.json().status).toBe('success');
    expect(await codesSent()).toEqual([]);
    // A code asked for on the own site is not taken on the Korean host; the own site's session lives on.
    expect((await t.call('user-password-forgot', { id: member.id }, TH_SITE)).json().status).toBe('success');
    const [code] = await codesSent();
    const spent = await t.call('user-password-reset', { id: member.id, code, pw: 'takenover99' }, KO_SITE);
    expect(spent.json()).toMatchObject({ status: 'invalid', msg: MSG.resetCodeWrong });
    expect((await t.call('user-health-check', {}, { ...TH_SITE, token })).statusCode).toBe(200);
    const own = await t.call('user-password-reset', { id: member.id, code, pw: 'mynewpass99' }, TH_SITE);
    expect(own.json()).toMatchObject({ status: 'success' });
  });
});
