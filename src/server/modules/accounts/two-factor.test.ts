import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { fund } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { publicCall } from '../../../../test/support/public-api.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberWith2fa } from '../../../../test/support/two-factor.ts';

describe.runIf(backendAvailable)('member two-step login, sessions and bank details', () => {
  const t = useTestApp();
  const { as } = useOperators(t);

  it('turns TOTP on with a code from the app; login then needs a code, each code works once', async () => {
    const { token, member, secret, codes } = await memberWith2fa(t);
    expect((await t.call('user-2fa-status', {}, { token })).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const bare = await t.call('user-do-login', { id: member.id, pw: member.pw });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ status: 'otp_required', msg: 'msg3520' });
    expect(bare.json().token).toBeUndefined();
    // A wrong code says so (msg3521): "enter the code" again read as if it had not been sent.
    const wrong = await t.call('user-do-login', { id: member.id, pw: member.pw, otp: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 'otp_required', msg: 'msg3521' });
    // A wrong password with a right code is still a wrong password.
    const now = generateSync({ secret });
    expect(
      (await t.call('user-do-login', { id: member.id, pw: 'wrong-pw-1', otp: now })).json(),
    ).toMatchObject({
      status: 'invalid',
      msg: 'msg2030',
    });
    expect((await t.call('user-do-login', { id: member.id, pw: member.pw, otp: now })).statusCode).toBe(200);
    // The same code again is a replay.
    expect((await t.call('user-do-login', { id: member.id, pw: member.pw, otp: now })).statusCode).toBe(401);
    const recovery = codes[0]!;
    const viaRecovery = await t.call('user-do-login', {
      id: member.id,
      pw: member.pw,
      otp: recovery.toUpperCase(),
    });
    expect(viaRecovery.statusCode).toBe(200);
    expect((await t.call('user-do-login', { id: member.id, pw: member.pw, otp: recovery })).statusCode).toBe(
      401,
    );
    expect((await t.call('user-2fa-status', {}, { token })).json().recoveryCodesLeft).toBe(9);
  });

  it('/public/ login answers otp_required for a member with 2FA and logs in with otp', async () => {
    const { member, codes } = await memberWith2fa(t);
    const bare = await publicCall(t, 'user/do_login', { id: member.id, pw: member.pw });
    expect(bare.json().data).toMatchObject({ status: 'otp_required', msg: 'msg3520' });
    const withCode = await publicCall(t, 'user/do_login', { id: member.id, pw: member.pw, otp: codes[1] });
    expect(withCode.json().data).toMatchObject({ status: 'success' });
    expect(typeof withCode.json().data.session).toBe('string');
    // Without 2FA nothing changes.
    const plain = await t.register();
    const old = await publicCall(t, 'user/do_login', { id: plain.id, pw: plain.pw });
    expect(old.json().data).toMatchObject({ status: 'success' });
  });

  it('asks for the second factor before a withdrawal and a change of bank details', async () => {
    const { token, member, codes } = await memberWith2fa(t);
    await fund(t, token, 100_000);
    const ask = { balance: 10_000, code: 'w-2fa-1' };
    const without = await t.call('apply-user-withdraw', ask, { token });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ status: 'otp_required', msg: 'msg3520' });
    const wrong = await t.call('apply-user-withdraw', { ...ask, otp: '999999' }, { token });
    expect(wrong.json()).toMatchObject({ status: 'otp_required', msg: 'msg3521' });
    const withCode = await t.call('apply-user-withdraw', { ...ask, otp: codes[2] }, { token });
    expect(withCode.json()).toMatchObject({ status: 'success' });

    const bank = { pw: member.pw, bankname: 'Woori Bank', bankOwner: 'New Owner', banknum: '555-666-7777' };
    expect((await t.call('user-change-bank', bank, { token })).json()).toMatchObject({
      status: 'otp_required',
    });
    const unlisted = await t.call(
      'user-change-bank',
      { ...bank, bankname: 'My Own Bank', otp: codes[3] },
      { token },
    );
    expect(unlisted.json()).toMatchObject({ status: 'invalid', msg: 'msg3505' });
    const changed = await t.call('user-change-bank', { ...bank, otp: codes[3] }, { token });
    expect(changed.json()).toMatchObject({ status: 'success', msg: 'msg3525' });
    const user = (await t.call('user-health-check', {}, { token })).json().user;
    expect(user).toMatchObject({ bankname: 'Woori Bank', bankOwner: 'New Owner', banknum: '555-666-7777' });
  });

  it('limits wrong codes in a session to 5 a day', async () => {
    const { token, member } = await memberWith2fa(t);
    const bank = { pw: member.pw, bankname: 'Woori Bank', bankOwner: 'X', banknum: '555-666-7777' };
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await t.call('user-change-bank', { ...bank, otp: `10000${i}` }, { token })).statusCode);
    }
    // The wrong code typed during set-up (memberWith2fa) was the first of the five; the fifth is told
    // of the lock it starts at once.
    expect(statuses).toEqual([403, 403, 403, 429, 429, 429]);
    const locked = await t.call('user-change-bank', { ...bank, otp: '100009' }, { token });
    expect(locked.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
  });

  it('turns 2FA off with the password and a code; login is one step again', async () => {
    const { token, member, codes } = await memberWith2fa(t);
    const noCode = await t.call('user-2fa-disable', { pw: member.pw, otp: '' }, { token });
    expect(noCode.statusCode).toBe(400);
    const off = await t.call('user-2fa-disable', { pw: member.pw, otp: codes[4] }, { token });
    expect(off.json()).toMatchObject({ status: 'success', msg: 'msg3523' });
    expect((await t.call('user-2fa-status', {}, { token })).json()).toMatchObject({ enabled: false });
    expect((await t.call('user-do-login', { id: member.id, pw: member.pw })).statusCode).toBe(200);
  });

  it('turning 2FA on or off ends the member’s other sessions and keeps this one', async () => {
    // Someone who had the password signed in before the member turned 2FA on.
    const { token, member } = await t.login();
    const intruder = (await t.call('user-do-login', { id: member.id, pw: member.pw })).json().token as string;
    const setup = (await t.call('user-2fa-setup', { pw: member.pw }, { token })).json();
    const on = await t.call('user-2fa-enable', { otp: generateSync({ secret: setup.secret }) }, { token });
    expect(on.json()).toMatchObject({ status: 'success', msg: 'msg3522' });
    expect((await t.call('user-health-check', {}, { token: intruder })).statusCode).toBe(401);
    expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(200);

    const codes = on.json().recoveryCodes as string[];
    const phone = (await t.call('user-do-login', { id: member.id, pw: member.pw, otp: codes[0] })).json()
      .token as string;
    const off = await t.call('user-2fa-disable', { pw: member.pw, otp: codes[1] }, { token });
    expect(off.json()).toMatchObject({ status: 'success', msg: 'msg3523' });
    expect((await t.call('user-health-check', {}, { token: phone })).statusCode).toBe(401);
    expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(200);
  });

  it('lists the member’s live sessions and signs out the others', async () => {
    const { token, member } = await t.login();
    const other = (
      await t.call(
        'user-do-login',
        { id: member.id, pw: member.pw },
        { headers: { 'user-agent': 'PhoneBrowser/1' } },
      )
    ).json().token as string;
    const list = (await t.call('user-sessions', {}, { token })).json().list;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.some((s: { userAgent: string }) => s.userAgent === 'PhoneBrowser/1')).toBe(true);
    const ended = await t.call('user-sessions-end-others', {}, { token });
    expect(ended.json()).toMatchObject({ status: 'success', msg: 'msg3524' });
    expect(ended.json().count).toBeGreaterThanOrEqual(1);
    expect((await t.call('user-health-check', {}, { token: other })).statusCode).toBe(401);
    expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(200);
    expect((await t.call('user-sessions', {}, { token })).json().list).toHaveLength(1);
  });

  it('shows the member page the 2FA state; an owner may turn a lost 2FA off, audited', async () => {
    const { member } = await memberWith2fa(t);
    const id = (await as('owner').get(`/api/admin/members?q=${member.id}`)).json().members[0].id;
    const seen = await as('support').get(`/api/admin/members/${id}/security`);
    expect(seen.json()).toMatchObject({
      twoFactor: { enabled: true, recoveryCodesLeft: 10 },
      birthDate: '1990-04-01',
      termsVersion: '1',
    });
    expect(seen.json().activeSessions).toBeGreaterThanOrEqual(1);
    expect((await as('support').post(`/api/admin/members/${id}/security/reset-2fa`)).statusCode).toBe(403);
    expect((await as('owner').post(`/api/admin/members/${id}/security/reset-2fa`)).statusCode).toBe(200);
    expect((await as('owner').get(`/api/admin/members/${id}/security`)).json()).toMatchObject({
      twoFactor: { enabled: false },
      activeSessions: 0,
    });
    const audit = (await as('owner').get('/api/admin/audit?action=members.reset_2fa')).json();
    expect(JSON.stringify(audit)).toContain(`member:${id}`);
    expect((await t.call('user-do-login', { id: member.id, pw: member.pw })).statusCode).toBe(200);
    expect((await as('owner').get('/api/admin/members/999999999/security')).statusCode).toBe(404);
  });
});
