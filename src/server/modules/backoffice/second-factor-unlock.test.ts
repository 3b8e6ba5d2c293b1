import { and, desc, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { operatorSignIn, useOperators } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberWith2fa } from '../../../../test/support/two-factor.ts';
import { members } from '../accounts/accounts.schema.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { auditLog, operators } from './backoffice.schema.ts';

/** The second step's lock (5 wrong codes a day): who is told, and who may lift it early. */
describe.runIf(backendAvailable)('the second-factor lock: notice and lifting it', () => {
  const t = useTestApp({ recoveryAnswerMs: 0 });
  const { as } = useOperators(t);

  const memberNumber = async (loginId: string) =>
    (await t.db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId)))[0]!.id;
  const auditOf = (action: string, target: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
      .orderBy(desc(auditLog.id));

  it('tells a member once, on the site and by e-mail, when wrong codes lock their second step', async () => {
    const { token, member } = await memberWith2fa(t);
    const id = await memberNumber(member.id);
    await t.db.update(members).set({ email: 'locked@example.test' }).where(eq(members.id, id));
    const guess = (otp: string) => t.call('user-do-login', { id: member.id, pw: member.pw, otp });
    // memberWith2fa typed the first wrong code; three more are wrong codes, the fifth locks.
    for (const otp of ['111111', '222222', '333333']) {
      expect((await guess(otp)).json()).toMatchObject({ status: 'otp_required' });
    }
    const fifth = await guess('444444');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    expect(fifth.json().retryAfter).toBeGreaterThan(23 * 3600);
    // More tries while locked tell nothing new.
    expect((await guess('555555')).json()).toMatchObject({ msg: 'msg3529' });

    const notes = (await t.call('get-note-list', { page: 1, pageSize: 20 }, { token })).json().notes;
    expect(notes.filter((n: { msgKey: string }) => n.msgKey === 'secondFactorLocked')).toHaveLength(1);
    const health = (await t.call('user-health-check', {}, { token })).json();
    expect(health.news).toMatchObject({ key: 'secondFactorLocked' });
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'locked@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.channel).toBe('email');
    expect(mails[0]!.body).toContain(member.id);
  });

  it('lets support lift a member’s lock early, with a reason, audited; the member is told and signs in', async () => {
    const { token, member, secret } = await memberWith2fa(t);
    const id = await memberNumber(member.id);
    for (const otp of ['111111', '222222', '333333', '444444']) {
      await t.call('user-do-login', { id: member.id, pw: member.pw, otp });
    }
    const security = (await as('support').get(`/api/admin/members/${id}/security`)).json();
    expect(Date.parse(security.twoFactor.lockedUntil)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const url = `/api/admin/members/${id}/security/unlock-2fa`;
    expect((await as('support').post(url, {})).statusCode).toBe(400);
    expect((await as('support').post(url, { reason: ' x ' })).statusCode).toBe(400);
    expect((await as('support').post(url, { reason: 'a'.repeat(501) })).statusCode).toBe(400);
    expect((await as('cashier').post(url, { reason: 'called in, checked id' })).statusCode).toBe(403);
    expect(
      (await as('support').post('/api/admin/members/999999999/security/unlock-2fa', { reason: 'checked id' }))
        .statusCode,
    ).toBe(404);
    // Still locked after the refusals.
    expect(
      (await t.call('user-do-login', { id: member.id, pw: member.pw, otp: generateSync({ secret }) })).json(),
    ).toMatchObject({ msg: 'msg3529' });

    const lifted = await as('support').post(url, { reason: 'called in, checked id' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ wasLocked: true });
    const [entry] = await auditOf('members.unlock_2fa', `member:${id}`);
    expect(entry!.after).toMatchObject({ lockedUntil: null, reason: 'called in, checked id' });
    expect((entry!.before as { lockedUntil: string }).lockedUntil).not.toBeNull();
    expect(
      (await as('support').get(`/api/admin/members/${id}/security`)).json().twoFactor.lockedUntil,
    ).toBeNull();
    expect((await t.call('user-health-check', {}, { token })).json().news).toMatchObject({
      key: 'secondFactorUnlocked',
    });
    await t.db.update(members).set({ totpLastStep: null }).where(eq(members.id, id));
    const back = await t.call('user-do-login', {
      id: member.id,
      pw: member.pw,
      otp: generateSync({ secret }),
    });
    expect(back.json()).toMatchObject({ status: 'success' });
    // Nothing to lift: said so, and nothing audited again.
    expect((await as('support').post(url, { reason: 'again' })).json()).toMatchObject({ wasLocked: false });
    expect(await auditOf('members.unlock_2fa', `member:${id}`)).toHaveLength(1);
  });

  it('lets an owner lift another operator’s lock early, with a reason, audited; the operator signs in', async () => {
    const created = await as('owner').post('/api/admin/operators', { login: 'locked-desk', role: 'support' });
    const { password, totpSecret, operator } = created.json();
    const signIn = (otp: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: ORIGIN },
        payload: { login: 'locked-desk', password, otp, bearer: true },
      });
    for (const otp of ['111111', '222222', '333333', '444444'])
      expect((await signIn(otp)).statusCode).toBe(401);
    const fifth = await signIn('555555');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 'limited', msg: 'msg3529' });
    const row = (await as('owner').get('/api/admin/operators'))
      .json()
      .operators.find((o: { login: string }) => o.login === 'locked-desk');
    expect(Date.parse(row.codeLockedUntil)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(row.lockedUntil).not.toBeNull();

    const url = `/api/admin/operators/${operator.id}/unlock`;
    expect((await as('owner').post(url, {})).statusCode).toBe(400);
    expect((await as('support').post(url, { reason: 'phone confirmed' })).statusCode).toBe(403);
    expect(
      (await as('owner').post('/api/admin/operators/999999999/unlock', { reason: 'x-y-z' })).statusCode,
    ).toBe(404);
    const lifted = await as('owner').post(url, { reason: 'phone confirmed' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ wasLocked: true });
    const [entry] = await auditOf('operators.unlock', `operator:${operator.id}`);
    expect(entry!.after).toMatchObject({
      codeLockedUntil: null,
      lockedUntil: null,
      reason: 'phone confirmed',
    });
    const [after] = await t.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(after!.lockedUntil).toBeNull();
    expect((await operatorSignIn(t, 'locked-desk', password, totpSecret)).statusCode).toBe(200);
    expect((await as('owner').post(url, { reason: 'again' })).json()).toMatchObject({ wasLocked: false });
    expect(await auditOf('operators.unlock', `operator:${operator.id}`)).toHaveLength(1);
  });

  it('does not let an owner lift their own lock', async () => {
    const me = (await as('owner').get('/api/admin/me')).json().operator;
    const own = await as('owner').post(`/api/admin/operators/${me.id}/unlock`, { reason: 'my own lock' });
    expect(own.statusCode).toBe(409);
  });
});
