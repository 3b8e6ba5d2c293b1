import { describe, expect, it } from 'vitest';
import { balancesOf, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { publicCall, publicData } from '../../../../test/support/public-api.ts';
import { type TestApp, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberBalances } from '../../modules/ledger/ledger.service.ts';

/** What a member's state looks like from the outside: balances and the lists the pages show. */
async function stateOf(t: TestApp, token: string, loginId: string) {
  const strip = (rows: Record<string, unknown>[]) =>
    rows.map(({ id: _id, createdAt: _c, lastDate: _l, decidedAt: _d, ...rest }) => rest);
  const memberId = await memberIdOf(t.db, loginId);
  return {
    ledger: await memberBalances(t.db, memberId),
    deposits: strip((await t.call('get-deposit-list', {}, { token })).json().list),
    withdraws: strip((await t.call('get-withdraw-list', {}, { token })).json().list),
    helps: strip((await t.call('get-help-list', {}, { token })).json().helps),
  };
}

interface Twin {
  label: string;
  publicPath: string;
  publicBody: Record<string, unknown>;
  route: string;
  routeBody: Record<string, unknown>;
}

const TWINS: Twin[] = [
  {
    label: 'deposit request',
    publicPath: 'balance/apply_user_deposit',
    publicBody: { balance: 30_000 },
    route: 'apply-user-deposit',
    routeBody: { balance: 30_000, code: 'c1' },
  },
  {
    label: 'withdraw request',
    publicPath: 'balance/apply_user_withdraw',
    publicBody: { balance: 20_000 },
    route: 'apply-user-withdraw',
    routeBody: { balance: 20_000, code: 'c2' },
  },
  {
    label: 'withdraw over balance',
    publicPath: 'slot/withdrawV3',
    publicBody: { balance: 900_000 },
    route: 'apply-user-withdraw',
    routeBody: { balance: 900_000, code: 'c3' },
  },
  {
    label: 'vault in',
    publicPath: 'user/money_to_point',
    publicBody: { balance: 15_000 },
    route: 'vault-deposit',
    routeBody: { amount: 15_000 },
  },
  {
    label: 'vault out',
    publicPath: 'user/point_to_money',
    publicBody: { point: 5_000 },
    route: 'vault-withdraw',
    routeBody: { amount: 5_000 },
  },
  {
    label: 'vault out too much',
    publicPath: 'user/point_to_money',
    publicBody: { point: 99_000 },
    route: 'vault-withdraw',
    routeBody: { amount: 99_000 },
  },
  {
    label: 'help written',
    publicPath: 'community/user_wirte_help',
    publicBody: { title: 'T', contents: 'C' },
    route: 'user-write-help',
    routeBody: { title: 'T', contents: 'C' },
  },
  {
    label: 'help refused',
    publicPath: 'community/user_wirte_help',
    publicBody: { title: 'T' },
    route: 'user-write-help',
    routeBody: { title: 'T' },
  },
];

describe.runIf(backendAvailable)('/public/ and /api/routes/ twins', () => {
  const t = useTestApp();
  const { as } = useOperators(t);

  it('a /public/ call and its /api/routes/ twin change the same data the same way, refusals included', async () => {
    const viaPublic = await t.login();
    const viaRoutes = await t.login();
    for (const m of [viaPublic, viaRoutes]) await fund(t, m.token, 50_000);
    for (const twin of TWINS) {
      const pub = await publicData(t, twin.publicPath, twin.publicBody, { session: viaPublic.token });
      const ours = (await t.call(twin.route, twin.routeBody, { token: viaRoutes.token })).json();
      expect(pub.status, twin.label).toBe(ours.status);
      expect(pub.msg, twin.label).toBe(ours.msg);
      const a = await stateOf(t, viaPublic.token, viaPublic.member.id);
      const b = await stateOf(t, viaRoutes.token, viaRoutes.member.id);
      expect(a, twin.label).toEqual(b);
    }
    expect(await balancesOf(t, viaPublic.token)).toEqual({ cash: 20_000, held: 20_000, comp: 0 });
    // The back office's member detail shows the vault beside cash, comp and held.
    const detail = await as('owner').get(`/api/admin/members/${await memberIdOf(t.db, viaPublic.member.id)}`);
    expect(detail.json().balances).toEqual({ cash: 20_000, comp: 0, held: 20_000, vault: 10_000 });
  });

  it('a malformed code, flag or second factor is named as such on both transports, not as an amount rule', async () => {
    const viaPublic = await t.login();
    const viaRoutes = await t.login();
    for (const m of [viaPublic, viaRoutes]) await fund(t, m.token, 50_000);
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'balance/apply_user_withdraw',
        'apply-user-withdraw',
        { balance: 10_000, code: 'w1', otp: '12345' },
        'msg3521',
      ],
      ['balance/apply_user_withdraw', 'apply-user-withdraw', { balance: 10_000, code: 'w 1' }, 'msg3000'],
      [
        'slot/withdrawV3',
        'apply-user-withdraw',
        { balance: 10_000, code: 'w2', forfeitBonus: 'yes' },
        'msg3000',
      ],
      ['slot/withdrawV3', 'apply-user-withdraw', { balance: 10_000, code: 'w3', idx: 'bank' }, 'msg3000'],
      [
        'balance/apply_user_deposit',
        'apply-user-deposit',
        { balance: 10_000, code: 'd1', promo: -1 },
        'msg3000',
      ],
      ['pay/deposit', 'apply-deposit-payment', { balance: 10_000, code: 'p1' }, 'msg3000'],
      // The amount itself keeps the amount's key.
      ['balance/apply_user_withdraw', 'apply-user-withdraw', { balance: 'ten', code: 'w4' }, 'msg2014'],
    ];
    for (const [path, route, body, msg] of cases) {
      const label = `${path} ${JSON.stringify(body)}`;
      const pub = await publicData(t, path, body, { session: viaPublic.token });
      const ours = await t.call(route, body, { token: viaRoutes.token });
      expect(ours.statusCode, label).toBe(400);
      expect(pub, label).toMatchObject({ status: 'invalid', msg });
      expect(ours.json(), label).toMatchObject({ status: 'invalid', msg });
    }
    for (const m of [viaPublic, viaRoutes]) {
      expect(await balancesOf(t, m.token)).toEqual({ cash: 50_000, held: 0, comp: 0 });
    }
  });

  it('restricts browser origins to the site’s list once an operator sets one, through the back office', async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    const siteId = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
    const refused = await as('owner').post(`/api/admin/settings/sites/${siteId}/public-api`, {
      origins: ['not a url'],
    });
    expect(refused.statusCode).toBe(400);
    const set = await as('owner').post(`/api/admin/settings/sites/${siteId}/public-api`, {
      origins: ['https://Front.Example/'],
    });
    expect(set.json().settings.publicApiOrigins).toEqual(['https://front.example']);
    try {
      const allowed = await publicCall(t, 'slot/get_slot_setting', {});
      expect(allowed.headers['access-control-allow-origin']).toBe('https://front.example');
      const other = { headers: { origin: 'https://evil.example' } };
      const preflight = await t.app.inject({ method: 'OPTIONS', url: '/public/user/do_login', ...other });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const foreign = await publicCall(t, 'user/do_login', { id: 'x', pw: 'y' }, other);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().data).toMatchObject({ status: 'forbidden' });
      // No Origin at all (a server or a tool) is not a browser on another site.
      const noOrigin = await t.app.inject({ method: 'POST', url: '/public/slot/get_slot_setting' });
      expect(noOrigin.json().data.status).toBe('success');
    } finally {
      await as('owner').post(`/api/admin/settings/sites/${siteId}/public-api`, { origins: [] });
    }
    const open = await publicCall(
      t,
      'slot/get_slot_setting',
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expect(open.headers['access-control-allow-origin']).toBe('*');
  });
});
