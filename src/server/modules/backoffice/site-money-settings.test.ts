import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { DEMO_SITES } from '../../db/seed-demo.ts';

describe.runIf(backendAvailable)('back office: a site’s currency, language and cash rules', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);
  const owner = () => as('owner');
  const sites = async () =>
    (await owner().get('/api/admin/settings/sites')).json().sites as {
      id: number;
      code: string;
      isDefault: boolean;
    }[];
  const koSite = async () => (await sites()).find((s) => s.code === DEMO_SITES.ko.code)!;
  const thSite = async () => (await sites()).find((s) => s.isDefault)!;

  it('sets the default language and the cash rules in major units; members see them in minor units', async () => {
    const ko = await koSite();
    expect(ko).toMatchObject({ currency: 'KRW', hasMembers: true });
    const res = await owner().post(`/api/admin/settings/sites/${ko.id}/money`, {
      lang: 'en',
      cash: { minimum: 20_000, step: 5_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().site.settings).toMatchObject({ lang: 'en', cash: { minimum: 20_000, step: 5_000 } });
    const summary = (await t.call('get-reg-domain', {}, KO_SITE)).json().site;
    expect(summary).toMatchObject({ lang: 'en', cash: { minimum: 20_000, step: 5_000 } });
    // In baht, 150.50 is 15,050 satang.
    const th = await thSite();
    const baht = await owner().post(`/api/admin/settings/sites/${th.id}/money`, {
      cash: { minimum: 150.5, step: 0.5 },
    });
    expect(baht.statusCode, baht.body).toBe(200);
    expect((await t.call('get-reg-domain', {})).json().site.cash).toEqual({ minimum: 15_050, step: 50 });
    const audit = (await owner().get('/api/admin/audit?action=settings.money')).json().entries;
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the currency of a site with members, and changes that of a site without any', async () => {
    const ko = await koSite();
    const kept = await owner().post(`/api/admin/settings/sites/${ko.id}/money`, { currency: 'USD' });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().msg).toBeTruthy();
    const made = await owner().post('/api/admin/settings/sites', {
      code: 'vn-test',
      name: 'Test VND site',
      domains: ['vn.test.example'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().site.id;
    // VIP levels set in baht (minor units of it) are not read in dong: cleared first.
    const levels = `/api/admin/promotions/vip-levels/${id}`;
    expect((await owner().post(levels, { levels: [{ level: 2, wagered: 300_000 }] })).statusCode).toBe(200);
    const refused = await owner().post(`/api/admin/settings/sites/${id}/money`, { currency: 'VND' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBeTruthy();
    expect((await owner().get(levels)).json().levels).toHaveLength(1);
    expect((await owner().post(levels, { levels: [] })).statusCode).toBe(200);
    const changed = await owner().post(`/api/admin/settings/sites/${id}/money`, { currency: 'VND' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().site).toMatchObject({ currency: 'VND', hasMembers: false });
  });

  it('refuses what is not a currency, a language, or an amount in the currency, with a 400', async () => {
    const th = await thSite();
    const path = `/api/admin/settings/sites/${th.id}/money`;
    for (const body of [
      {},
      { currency: 'XYZ' },
      { currency: 'thb' },
      { lang: 'fr' },
      { cash: { minimum: 0, step: 100 } },
      { cash: { minimum: 100.001, step: 1 } },
      { cash: { minimum: 150, step: 100 } },
      { cash: { minimum: '100', step: 100 } },
    ]) {
      const res = await owner().post(path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBeTruthy();
    }
    expect((await as('cashier').post(path, { lang: 'th' })).statusCode).toBe(403);
    expect((await owner().post('/api/admin/settings/sites/999999/money', { lang: 'th' })).statusCode).toBe(
      404,
    );
  });
});
