import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { newMember, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { nextDay } from '../../../shared/zoned-time.ts';
import { dayInZone } from '../sites/site-time.ts';
import { ageOn } from './registration-rules.ts';

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2000-06-15', new Date('2018-06-14T12:00:00Z'))).toBe(17);
    expect(ageOn('2000-06-15', new Date('2018-06-15T00:00:00Z'))).toBe(18);
  });
});

describe.runIf(backendAvailable)('registration', () => {
  const t = useTestApp();
  const { as } = useOperators(t);

  it('logs the new member in and records the date of birth and the terms version', async () => {
    const m = newMember();
    const res = await t.call('user-register', m);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', msg: 'msg3010', userId: m.id });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeDefined();
    const health = await t.call('user-health-check', {}, { token: body.token });
    expect(health.json().user.userId).toBe(m.id);
  });

  it('refuses the under-age, a missing terms acceptance, a stale terms version and an unlisted bank, writing nothing', async () => {
    const young = await t.call('user-register', newMember({ birthDate: yearsAgo(18, 1) }));
    expect(young.json()).toMatchObject({ status: 'invalid', msg: 'msg3502', field: 'birthDate', minAge: 18 });
    const justEighteen = await t.call('user-register', newMember({ birthDate: yearsAgo(18) }));
    expect(justEighteen.statusCode).toBe(201);
    const { terms: _terms, ...noTerms } = newMember();
    expect((await t.call('user-register', noTerms)).statusCode).toBe(400);
    expect((await t.call('user-register', { ...newMember(), terms: false })).statusCode).toBe(400);
    const stale = await t.call('user-register', { ...newMember(), termsVersion: '0' });
    expect(stale.json()).toMatchObject({ status: 'invalid', msg: 'msg3504', termsVersion: '1' });
    const bank = await t.call('user-register', newMember({ bankname: 'Typed Bank' }));
    expect(bank.json()).toMatchObject({ status: 'invalid', msg: 'msg3505', field: 'bankname' });
    expect((await t.call('user-register', newMember({ birthDate: '1990-02-30' }))).statusCode).toBe(400);
    expect((await t.call('user-register', newMember({ birthDate: '1800-01-01' }))).statusCode).toBe(400);
  });

  it('follows the site: its minimum age, terms version, bank list and e-mail requirement', async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    const id = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
    const set = await as('owner').post(`/api/admin/settings/sites/${id}/accounts`, {
      recoveryChannel: 'email',
      minAge: 21,
      termsVersion: '2026-11',
      banks: ['Bangkok Bank', 'Kasikornbank'],
    });
    expect(set.statusCode).toBe(200);
    expect(
      (await as('support').post(`/api/admin/settings/sites/${id}/accounts`, { minAge: 30 })).statusCode,
    ).toBe(403);
    expect(
      (await as('owner').post(`/api/admin/settings/sites/${id}/accounts`, { minAge: 3 })).statusCode,
    ).toBe(400);
    t.app.sites.invalidate();
    const site = (await t.call('get-reg-domain', {})).json().site;
    expect(site).toMatchObject({
      recoveryChannel: 'email',
      emailRequired: true,
      minAge: 21,
      termsVersion: '2026-11',
      banks: ['Bangkok Bank', 'Kasikornbank'],
    });
    const base = { bankname: 'Kasikornbank', termsVersion: '2026-11' };
    const noEmail = await t.call('user-register', newMember(base));
    expect(noEmail.json()).toMatchObject({ msg: 'msg3501', field: 'email' });
    const twenty = await t.call(
      'user-register',
      newMember({ ...base, email: 'a@b.test', birthDate: yearsAgo(20) }),
    );
    expect(twenty.json()).toMatchObject({ msg: 'msg3502', minAge: 21 });
    expect((await t.call('user-register', newMember({ ...base, email: 'not-an-email' }))).statusCode).toBe(
      400,
    );
    const ok = await t.call('user-register', newMember({ ...base, email: 'Member@Mail.Test' }));
    expect(ok.statusCode).toBe(201);
    await as('owner').post(`/api/admin/settings/sites/${id}/accounts`, {
      recoveryChannel: 'sms',
      minAge: 18,
      termsVersion: '1',
      banks: [],
    });
    t.app.sites.invalidate();
  });

  it("counts a birthday from the site's midnight, not UTC's", async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    const site = sites.find((s: { isDefault: boolean }) => s.isDefault);
    const cashier = `/api/admin/settings/sites/${site.id}/cashier`;
    // A zone whose date is not UTC's now: Pago Pago (UTC-11) before 10:00 UTC, Kiritimati (UTC+14) after.
    const zone = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    expect((await as('owner').post(cashier, { timezone: zone })).statusCode).toBe(200);
    try {
      const today = dayInZone(new Date(), zone);
      const eighteenOn = (day: string) => `${Number(day.slice(0, 4)) - 18}${day.slice(4)}`;
      const turnsEighteenToday = await t.call('user-register', newMember({ birthDate: eighteenOn(today) }));
      expect(turnsEighteenToday.statusCode, zone).toBe(201);
      const tomorrow = eighteenOn(nextDay(today));
      const stillSeventeen = await t.call('user-register', newMember({ birthDate: tomorrow }));
      expect(stillSeventeen.json(), zone).toMatchObject({ status: 'invalid', msg: 'msg3502' });
    } finally {
      await as('owner').post(cashier, { timezone: site.settings.timezone ?? 'UTC' });
    }
  });
});
