import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorSignIn, useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberWith2fa } from '../../../../test/support/two-factor.ts';
import { SEALED_UNDER_TOTP_KEY } from '../../cli/sealed-columns.ts';
import { operators } from '../backoffice/backoffice.schema.ts';
import { members } from './accounts.schema.ts';
import { resealStoredSecrets } from './reseal-secrets.ts';
import { openTotpSecretWithKey } from './secret-box.ts';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const BOTH = SEALED_UNDER_TOTP_KEY;

describe.runIf(backendAvailable)('rotating TOTP_SECRET_KEY', () => {
  // The app reads its keys from this config object at each call: the test turns the settings as an
  // operator would between two starts.
  const t = useTestApp({ recoveryAnswerMs: 0, totpSecretKey: OLD, totpSecretKeyPrevious: undefined });
  const { as } = useOperators(t);
  const useKeys = (current: Buffer, previous?: Buffer) => {
    t.config.totpSecretKey = current;
    t.config.totpSecretKeyPrevious = previous;
  };
  afterEach(() => useKeys(OLD));

  /** A member with 2FA and an operator, both sealed under OLD; their code steps freed for the next login. */
  async function sealedUnderOld(login: string) {
    const on = await memberWith2fa(t);
    const created = await as('owner').post('/api/admin/operators', { login, role: 'support' });
    expect(created.statusCode).toBe(200);
    const desk = created.json() as { password: string; totpSecret: string };
    return { on, desk };
  }
  const freeSteps = async (memberLogin: string, operatorLogin: string) => {
    await t.db.update(members).set({ totpLastStep: null }).where(eq(members.loginId, memberLogin));
    await t.db.update(operators).set({ totpLastStep: null }).where(eq(operators.login, operatorLogin));
  };
  const memberLogin = (member: { id: string; pw: string }, otp: string) =>
    t.call('user-do-login', { id: member.id, pw: member.pw, otp });
  const storedSecret = async (loginId: string) =>
    (await t.db.select().from(members).where(eq(members.loginId, loginId)))[0]!.totpSecret!;

  it('opens secrets sealed under the old key while it is the previous key, and after the re-seal without it', async () => {
    const { on, desk } = await sealedUnderOld('rotating-desk');
    useKeys(NEW, OLD);
    await freeSteps(on.member.id, 'rotating-desk');
    expect((await memberLogin(on.member, generateSync({ secret: on.secret }))).json()).toMatchObject({
      status: 'success',
    });
    expect((await operatorSignIn(t, 'rotating-desk', desk.password, desk.totpSecret)).statusCode).toBe(200);
    // A recovery code stored under the old key is still taken during the rotation.
    expect((await memberLogin(on.member, on.codes[0]!)).json()).toMatchObject({ status: 'success' });

    const first = await resealStoredSecrets(t.db, t.config, BOTH, { batchSize: 2 });
    expect(first.resealed).toBeGreaterThanOrEqual(2);
    expect(openTotpSecretWithKey({ totpSecretKey: NEW }, await storedSecret(on.member.id))).toEqual({
      secret: on.secret,
      current: true,
    });
    // Again: nothing left to do (idempotent), nothing rewritten.
    const before = await storedSecret(on.member.id);
    const again = await resealStoredSecrets(t.db, t.config, BOTH, { batchSize: 2 });
    expect(again.resealed).toBe(0);
    expect(again.current).toBe(first.resealed + first.current);
    expect(await storedSecret(on.member.id)).toBe(before);

    // The old key removed: codes still verify, for members and operators alike.
    useKeys(NEW);
    await freeSteps(on.member.id, 'rotating-desk');
    expect((await memberLogin(on.member, generateSync({ secret: on.secret }))).json()).toMatchObject({
      status: 'success',
    });
    expect((await operatorSignIn(t, 'rotating-desk', desk.password, desk.totpSecret)).statusCode).toBe(200);
    // A recovery code issued before the rotation too: the re-seal re-keyed it, not only the secrets.
    expect((await memberLogin(on.member, on.codes[1]!)).json()).toMatchObject({ status: 'success' });
    expect((await memberLogin(on.member, on.codes[1]!)).json()).toMatchObject({ status: 'otp_required' });
  });

  it('answers a key that opens nothing with a clear 503, not a 500 nor a wrong code, and spends no attempt', async () => {
    const { on, desk } = await sealedUnderOld('wrong-key-desk');
    useKeys(NEW);
    await freeSteps(on.member.id, 'wrong-key-desk');
    for (let i = 0; i < 6; i += 1) {
      const login = await memberLogin(on.member, generateSync({ secret: on.secret }));
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ status: 'unavailable', msg: 'msg3530' });
    }
    const withdraw = await t.call(
      'user-2fa-disable',
      { pw: on.member.pw, otp: '123456' },
      { token: on.token },
    );
    expect(withdraw.statusCode).toBe(503);
    expect(withdraw.json()).toMatchObject({ status: 'unavailable', msg: 'msg3530' });
    const desk503 = await operatorSignIn(t, 'wrong-key-desk', desk.password, desk.totpSecret);
    expect(desk503.statusCode).toBe(503);
    expect(desk503.json()).toMatchObject({ status: 'unavailable', msg: 'msg3530' });
    // The re-seal refuses too, with the setting named, before it writes anything of that row.
    const row = await storedSecret(on.member.id);
    await expect(resealStoredSecrets(t.db, t.config, BOTH)).rejects.toThrow(/TOTP_SECRET_KEY/);
    expect(await storedSecret(on.member.id)).toBe(row);
    // The right key back: none of those refusals counted as a wrong code.
    useKeys(OLD);
    await freeSteps(on.member.id, 'wrong-key-desk');
    expect((await memberLogin(on.member, generateSync({ secret: on.secret }))).json()).toMatchObject({
      status: 'success',
    });
  });
});
