import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { fund } from '../../../../test/support/money.ts';
import { operatorSignIn, useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberWith2fa } from '../../../../test/support/two-factor.ts';
import { operators } from '../backoffice/backoffice.schema.ts';
import { createOperator } from '../backoffice/operators.service.ts';

/** The login window is one second here, so it ends between the guesses as 15 minutes would. */
const WINDOW_MS = 1000;

describe.runIf(backendAvailable)('the daily cap on wrong second-factor codes', () => {
  const t = useTestApp({ loginWindowMs: WINDOW_MS });
  const { as } = useOperators(t);

  it('locks the second step after 5 wrong codes in a day, though the login window ended between them', async () => {
    // memberWith2fa types one wrong set-up code: the first of the five.
    const { token, member, secret, codes } = await memberWith2fa(t);
    const guess = (otp: string) => t.call('user-do-login', { id: member.id, pw: member.pw, otp });
    for (const round of [['111111', '222222'], ['333333']]) {
      for (const otp of round) expect((await guess(otp)).json()).toMatchObject({ status: 'otp_required' });
      await sleep(WINDOW_MS + 100);
    }
    // The fifth wrong code is answered with the lock it starts, not as one more wrong code.
    const fifth = await guess('444444');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    // The login limit would let this through; the day's cap does not, right code or not.
    const right = await guess(generateSync({ secret }));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    expect(right.json().retryAfter).toBeGreaterThan(23 * 3600);
    expect((await guess(codes[0]!)).json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    // Asked for the code, the member is told at once.
    const bare = await t.call('user-do-login', { id: member.id, pw: member.pw });
    expect(bare.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    // In a session too: no withdrawal with a code of the locked factor.
    await fund(t, token, 50_000);
    const withdraw = await t.call(
      'apply-user-withdraw',
      { balance: 10_000, code: 'cap-1', otp: codes[1] },
      { token },
    );
    expect(withdraw.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    // A wrong password is still a wrong password (the lock tells nothing about it).
    expect(
      (await t.call('user-do-login', { id: member.id, pw: 'nope-nope-1', otp: codes[2] })).json(),
    ).toMatchObject({ status: 'invalid', msg: 'msg2030' });

    // An owner's reset of the member's 2FA lifts the lock: set up again, it works at once.
    const id = (await as('owner').get(`/api/admin/members?q=${member.id}`)).json().members[0].id;
    expect((await as('owner').post(`/api/admin/members/${id}/security/reset-2fa`)).statusCode).toBe(200);
    const fresh = (await t.call('user-do-login', { id: member.id, pw: member.pw })).json().token as string;
    const setup = (await t.call('user-2fa-setup', { pw: member.pw }, { token: fresh })).json();
    const on = await t.call(
      'user-2fa-enable',
      { otp: generateSync({ secret: setup.secret }) },
      { token: fresh },
    );
    expect(on.json()).toMatchObject({ status: 'success' });
    const back = await guess(on.json().recoveryCodes[0]);
    expect(back.json()).toMatchObject({ status: 'success' });
  });

  it('counts wrong codes in a session and at login together', async () => {
    const { token, member, codes } = await memberWith2fa(t);
    const bank = { pw: member.pw, bankname: 'Woori Bank', bankOwner: 'X', banknum: '555-666-7777' };
    for (const otp of ['100001', '100002', '100003']) {
      expect((await t.call('user-change-bank', { ...bank, otp }, { token })).json()).toMatchObject({
        msg: 'msg3521',
      });
    }
    expect(
      (await t.call('user-set-password', { pw: 'another-pw-9', otp: '100004' }, { token })).json(),
    ).toMatchObject({ status: 'limited', msg: 'msg3529' });
    // Five wrong (one at set-up): a right one, at login, is refused for the day.
    const login = await t.call('user-do-login', { id: member.id, pw: member.pw, otp: codes[0] });
    expect(login.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    expect(
      (await t.call('user-set-password', { pw: 'another-pw-9', otp: codes[1] }, { token })).json(),
    ).toMatchObject({ status: 'limited', msg: 'msg3529' });
  });

  it('gives a right code its attempt back: a member who signs in every time is never locked', async () => {
    const { member, codes } = await memberWith2fa(t);
    for (const code of codes.slice(0, 6)) {
      const ok = await t.call('user-do-login', { id: member.id, pw: member.pw, otp: code });
      expect(ok.json()).toMatchObject({ status: 'success' });
    }
  });

  it('caps an operator’s wrong codes per day apart from the 15-minute lock; wrong passwords do not count', async () => {
    const login = 'code-capped';
    const { id, totpSecret } = await createOperator(t.db, t.config.totpSecretKey, {
      login,
      password: 'operator-pass1',
      role: 'support',
    });
    const signIn = (password: string, otp: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'http://localhost:80' },
        payload: { login, password, otp, bearer: true },
      });
    // The operator's own lock (five failures in 15 minutes) ends: as the time passing would.
    const lockEnds = () =>
      t.db.update(operators).set({ failedLogins: 0, lockedUntil: null }).where(eq(operators.id, id));
    for (const otp of ['111111', '222222', '333333', '444444']) {
      expect((await signIn('not-the-password', otp)).statusCode).toBe(401);
    }
    await lockEnds();
    for (const otp of ['111111', '222222', '333333'])
      expect((await signIn('operator-pass1', otp)).statusCode).toBe(401);
    await lockEnds();
    expect((await signIn('operator-pass1', '555555')).statusCode).toBe(401);
    // The fifth wrong code tells the operator of the day's lock it starts.
    const fifth = await signIn('operator-pass1', '666666');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    // The owners' audit log records the lock, with the operator and the address it came from.
    const audit = await as('owner').get(
      `/api/admin/audit?action=operators.code_locked&target=operator:${id}`,
    );
    expect(audit.json().entries).toMatchObject([
      { operatorLogin: login, action: 'operators.code_locked', target: `operator:${id}` },
    ]);
    await lockEnds();
    const right = await operatorSignIn(t, login, 'operator-pass1', totpSecret);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
  });
});
