import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { balancesOf, fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { newMember, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { walletRequest } from '../../../../test/support/wallet.ts';

describe.runIf(backendAvailable)('back office: settings', () => {
  const t = useTestApp({ houseWalletSecret: 'test-wallet-secret' }, { seedDemo: true });
  const { as } = useOperators(t);
  const owner = () => as('owner');
  let mainId: number;
  beforeAll(async () => {
    const sites = (await owner().get('/api/admin/settings/sites')).json().sites;
    mainId = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
  });

  const fromHost = (host: string) => ({ headers: { host, origin: `http://${host}` } });
  let rounds = 0;
  /** One slot round of `stake` that loses: the comp it accrues is stake × the level-1 slot rate. */
  async function playRound(token: string, stake: number) {
    const launched = await t.call('open-game', { code: 'lucky-sevens', company: 'royal-slots' }, { token });
    const gameToken = new URL(launched.json().url, 'http://x').searchParams.get('token');
    rounds += 1;
    const wallet = (op: string, payload: object) => walletRequest(t, op, payload, 'test-wallet-secret');
    const ids = { roundId: `s-round-${rounds}`, txId: `s-bet-${rounds}` };
    expect((await wallet('bet', { ...ids, token: gameToken, amount: stake })).statusCode).toBe(200);
    expect((await wallet('win', { ...ids, txId: `s-win-${rounds}`, amount: 0 })).statusCode).toBe(200);
  }

  it('adds a site with a domain that then resolves to it, renames it and moves a domain', async () => {
    const created = await owner().post('/api/admin/settings/sites', {
      code: 'brand-b',
      name: 'Brand B',
      domains: ['B.Casino.Example'],
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      site: { code: 'brand-b', domains: ['b.casino.example'] },
    });
    const id = created.json().site.id;
    const reg = (await t.call('get-reg-domain', {}, fromHost('b.casino.example'))).json();
    expect(reg.site).toMatchObject({ code: 'brand-b', name: 'Brand B' });

    await owner().post(`/api/admin/settings/sites/${id}`, {
      name: 'Brand Bee',
      domains: ['b.casino.example', 'bee.example'],
    });
    expect((await t.call('get-reg-domain', {}, fromHost('bee.example'))).json().site.name).toBe('Brand Bee');

    const clash = await owner().post('/api/admin/settings/sites', {
      code: 'brand-c',
      name: 'C',
      domains: ['bee.example'],
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await owner().post('/api/admin/settings/sites', { code: 'brand-b', name: 'again' })).statusCode,
    ).toBe(409);

    await owner().post(`/api/admin/settings/sites/${id}`, { registrationOpen: false });
    const closed = await t.call('user-register', newMember(), fromHost('bee.example'));
    expect(closed.json()).toMatchObject({ status: 'closed' });
  });

  it('hides a disabled payment option from members, and shows a new one', async () => {
    const created = await owner().post('/api/admin/settings/payment-options', {
      siteId: mainId,
      direction: 'deposit',
      kind: 'bank',
      provider: 'sandbox',
      name: 'Express bank',
      minAmount: 20_000,
      maxAmount: 500_000,
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      option: { name: 'Express bank', enabled: true },
    });
    const idx = created.json().option.id;
    const { token } = await t.login();
    const names = async () =>
      (await t.call('get-deposit-payment', {}, { token }))
        .json()
        .payments.map((p: { name: string }) => p.name);
    expect(await names()).toContain('Express bank');

    const listed = (await owner().get(`/api/admin/settings/payment-options?siteId=${mainId}`)).json();
    expect(listed.providers).toEqual(['sandbox']);
    await owner().post(`/api/admin/settings/payment-options/${idx}`, { enabled: false });
    expect(await names()).not.toContain('Express bank');
    const pay = await t.call('apply-deposit-payment', { balance: 30_000, code: nextCode(), idx }, { token });
    expect(pay.statusCode).toBe(404);
    const all = (await owner().get(`/api/admin/settings/payment-options?siteId=${mainId}`)).json().options;
    expect(all.find((o: { id: number }) => o.id === idx)).toMatchObject({ enabled: false });
  });

  it('locks the deposit desk and sets hours, as the member cashier reads them', async () => {
    const { token } = await t.login();
    const deposit = () => t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    await owner().post(`/api/admin/settings/sites/${mainId}/cashier`, { deposit: { locked: true } });
    expect((await t.call('get-balance-deposit-lock', {}, { token })).json()).toMatchObject({
      locked: true,
      open: false,
    });
    expect((await deposit()).json()).toMatchObject({ status: 'time', msg: 'msg3030' });

    // A one-minute window that is over now: closed by the hours, not the lock.
    const past = new Date(Date.now() - 3 * 60_000).toISOString().slice(11, 16);
    const pastEnd = new Date(Date.now() - 2 * 60_000).toISOString().slice(11, 16);
    const hours = await owner().post(`/api/admin/settings/sites/${mainId}/cashier`, {
      timezone: 'UTC',
      deposit: { locked: false, open: past, close: pastEnd },
    });
    expect(hours.json().settings).toMatchObject({ timezone: 'UTC', deposit: { locked: false, open: past } });
    expect((await t.call('get-balance-deposit-lock', {}, { token })).json()).toMatchObject({
      locked: false,
      open: false,
    });

    await owner().post(`/api/admin/settings/sites/${mainId}/cashier`, {
      deposit: { open: null, close: null },
    });
    expect((await t.call('get-balance-deposit-lock', {}, { token })).json()).toMatchObject({
      open: true,
      hours: null,
    });
    expect((await deposit()).statusCode).toBe(200);
  });

  it('changes the comp a round accrues and the minimum exchange', async () => {
    const { token } = await t.login();
    await fund(t, token, 200_000);
    await owner().post(`/api/admin/settings/sites/${mainId}/comp`, {
      rates: { '1': { slot: 300, casino: 50 } },
    });
    await playRound(token, 50_000);
    expect((await balancesOf(t, token)).comp).toBe(1_500);

    await owner().post(`/api/admin/settings/sites/${mainId}/comp`, { rates: { '1': { slot: 0 } } });
    await playRound(token, 50_000);
    expect((await balancesOf(t, token)).comp).toBe(1_500);

    // In major units of the site's currency: the demo's default site counts in baht (20 baht: 2,000 satang).
    await owner().post(`/api/admin/settings/sites/${mainId}/comp`, { minExchange: 20 });
    expect((await t.call('roll-to-balance', {}, { token })).json()).toMatchObject({
      status: 'low_point',
      minimum: 2_000,
    });
    await owner().post(`/api/admin/settings/sites/${mainId}/comp`, { minExchange: 10 });
    expect((await t.call('roll-to-balance', {}, { token })).json()).toMatchObject({
      status: 'success',
      amount: 1_500,
    });
    const levels = (await owner().get(`/api/admin/settings/sites/${mainId}/levels`)).json().levels;
    expect(levels[0]).toMatchObject({ level: 1, compRates: { slot: 0 } });
  });

  it('saves level names and comp rates together: a refused part leaves both as they were', async () => {
    const levelsNow = async () =>
      (await owner().get(`/api/admin/settings/sites/${mainId}/levels`)).json().levels;
    const before = await levelsNow();
    const refused = await owner().post(`/api/admin/settings/sites/${mainId}/comp`, {
      levelNames: { '3': 'Gold' },
      rates: { '3': { casino: 120 } },
      minExchange: 1e13,
    });
    expect(refused.statusCode).toBe(400);
    expect(await levelsNow()).toEqual(before);
    const saved = await owner().post(`/api/admin/settings/sites/${mainId}/comp`, {
      levelNames: { '3': 'Gold' },
      rates: { '3': { casino: 120 } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await levelsNow())[2]).toMatchObject({ level: 3, name: 'Gold', compRates: { casino: 120 } });
  });

  it('sets the messenger links members see, https only, and names levels', async () => {
    const links = [{ label: 'Telegram', url: 'https://t.me/royal_help' }];
    await owner().post(`/api/admin/settings/sites/${mainId}/messenger`, { links });
    expect((await t.call('get-reg-domain', {})).json().site.messengerLinks).toEqual(links);

    await owner().post(`/api/admin/settings/sites/${mainId}/levels`, {
      names: { '1': 'Bronze', '2': 'Silver' },
    });
    const { member } = await t.login();
    const levels = (await owner().get(`/api/admin/settings/sites/${mainId}/levels`)).json().levels;
    expect(levels).toHaveLength(20);
    expect(levels[0]).toMatchObject({ level: 1, name: 'Bronze', members: expect.any(Number) });
    expect(levels[0].members).toBeGreaterThan(0);
    expect(levels[2]).toMatchObject({ level: 3, name: null });
    expect(member.id).toBeTruthy();
    const audit = (await owner().get('/api/admin/audit?action=settings.*')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'settings.levels', after: { levelNames: { '1': 'Bronze' } } });
    expect((await owner().get('/api/admin/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('lists the origins allowed to call /public/, normalised as browsers send them, audited', async () => {
    const saved = await owner().post(`/api/admin/settings/sites/${mainId}/public-api`, {
      origins: ['HTTPS://Front.Example:8443/', 'http://old.example', 'http://old.example/'],
    });
    expect(saved.json().settings.publicApiOrigins).toEqual([
      'https://front.example:8443',
      'http://old.example',
    ]);
    const audit = (await owner().get('/api/admin/audit?action=settings.public_api')).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'settings.public_api',
      after: { publicApiOrigins: ['https://front.example:8443', 'http://old.example'] },
    });
    const cleared = await owner().post(`/api/admin/settings/sites/${mainId}/public-api`, { origins: [] });
    expect(cleared.json().settings.publicApiOrigins).toEqual([]);
  });

  it('refuses bad settings with 400, unknown sites with 404, other roles with 403, writing nothing', async () => {
    const before = await snapshotAllTables(t.db, ['operator_sessions']);
    const site = `/api/admin/settings/sites/${mainId}`;
    const refused: [string, unknown][] = [
      ['/api/admin/settings/sites', { code: 'Bad Code!', name: 'x' }],
      ['/api/admin/settings/sites', { code: 'ok-code', name: 'x', domains: ['http://evil.example/'] }],
      ['/api/admin/settings/sites', { code: 'ok-code', name: 'x', domains: ['a'.repeat(300)] }],
      [site, {}],
      [site, { name: '' }],
      [`${site}/cashier`, {}],
      [`${site}/cashier`, { timezone: 'Mars/Olympus' }],
      [`${site}/cashier`, { deposit: { open: '25:00', close: '06:00' } }],
      [`${site}/cashier`, { deposit: { open: '09:00' } }],
      [`${site}/cashier`, { deposit: { locked: 'yes' } }],
      [`${site}/comp`, { rates: { '1': { slot: 10_001 } } }],
      [`${site}/comp`, { rates: { '99': { slot: 10 } } }],
      [`${site}/comp`, { rates: { '1': { slot: 1.5 } } }],
      [`${site}/comp`, { minExchange: -1 }],
      [`${site}/messenger`, { links: [{ label: 'x', url: 'http://t.me/x' }] }],
      [`${site}/messenger`, { links: [{ label: 'x', url: 'javascript:alert(1)' }] }],
      [`${site}/messenger`, { links: Array(3).fill({ label: 'x', url: 'https://t.me/x' }) }],
      [`${site}/levels`, { names: { '21': 'Too high' } }],
      [`${site}/public-api`, { origins: ['https://front.example/path'] }],
      [`${site}/public-api`, { origins: ['ftp://front.example'] }],
      [`${site}/public-api`, { origins: 'https://front.example' }],
      [`${site}/public-api`, { origins: Array(21).fill('https://front.example') }],
      [
        '/api/admin/settings/payment-options',
        { siteId: mainId, direction: 'deposit', kind: 'bank', provider: 'nope', name: 'x' },
      ],
      [
        '/api/admin/settings/payment-options',
        { siteId: mainId, direction: 'sideways', kind: 'bank', provider: 'sandbox', name: 'x' },
      ],
      [
        '/api/admin/settings/payment-options',
        {
          siteId: mainId,
          direction: 'deposit',
          kind: 'bank',
          provider: 'sandbox',
          name: 'x',
          minAmount: 50_000,
          maxAmount: 10_000,
        },
      ],
      ['/api/admin/settings/payment-options/1', { maxAmount: 1e13 }],
      ['/api/admin/settings/payment-options/1', {}],
    ];
    for (const [url, body] of refused) {
      const res = await owner().post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid' });
    }
    expect((await owner().post('/api/admin/settings/sites/999999/comp', { minExchange: 5 })).statusCode).toBe(
      404,
    );
    expect(
      (await owner().post('/api/admin/settings/payment-options/999999', { enabled: false })).statusCode,
    ).toBe(404);
    expect(
      (
        await owner().post('/api/admin/settings/payment-options', {
          siteId: 999999,
          direction: 'deposit',
          kind: 'bank',
          provider: 'sandbox',
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await as('content').post(`${site}/comp`, { minExchange: 5 })).statusCode).toBe(403);
    expect(await snapshotAllTables(t.db, ['operator_sessions'])).toBe(before);
  });
});
