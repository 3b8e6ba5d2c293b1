import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { operatorSignIn, useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { memberWith2fa } from '../../../../test/support/two-factor.ts';
import { operators } from '../backoffice/backoffice.schema.ts';
import { sealStoredOperatorSecrets } from '../backoffice/seal-operator-secrets.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { memberRecoveryCodes, members, passwordResets } from './accounts.schema.ts';
import { membersWithUnsealedRecoveryCodes } from './recovery-codes.ts';
import { sealStoredMemberSecrets } from './seal-stored-secrets.ts';
import { codeDigest } from './secret-box.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.runIf(backendAvailable)('second-factor secrets and one-time codes at rest', () => {
  const t = useTestApp({ recoveryAnswerMs: 0 });
  const { as } = useOperators(t);

  const memberRow = async (loginId: string) =>
    (await t.db.select().from(members).where(eq(members.loginId, loginId)))[0]!;

  it('keeps a member’s TOTP secret sealed (pending and active) and recovery codes sealed too', async () => {
    const { token, member } = await t.login();
    const setup = (await t.call('user-2fa-setup', { pw: member.pw }, { token })).json();
    const pending = (await memberRow(member.id)).totpPendingSecret!;
    expect(pending).not.toContain(setup.secret);
    expect(pending).toMatch(/^enc1:/);

    const on = await memberWith2fa(t);
    const row = await memberRow(on.member.id);
    expect(row.totpSecret).toMatch(/^enc1:/);
    expect(row.totpSecret).not.toContain(on.secret);
    const stored = await t.db
      .select({ hash: memberRecoveryCodes.codeHash })
      .from(memberRecoveryCodes)
      .where(eq(memberRecoveryCodes.memberId, row.id));
    const hashes = new Set(stored.map((s) => s.hash));
    expect(hashes.size).toBe(10);
    // Sealed (so `npm run totp:reseal` can re-key them), not a digest only this key's holder can match.
    for (const hash of hashes) expect(hash).toMatch(/^enc1:/);
    // The old storage: SHA-256 of "<member id>:<code>", reversible by trying every code.
    for (const code of on.codes) expect(hashes.has(sha256(`${row.id}:${code}`))).toBe(false);
    // Still the member's codes: a recovery code signs in.
    const viaCode = await t.call('user-do-login', { id: on.member.id, pw: on.member.pw, otp: on.codes[0] });
    expect(viaCode.json()).toMatchObject({ status: 'success' });
  });

  it('reads a secret stored in clear before the upgrade, and the start seals it', async () => {
    const { member, secret } = await memberWith2fa(t);
    const { id } = await memberRow(member.id);
    // A row as the previous version wrote it.
    await t.db.update(members).set({ totpSecret: secret, totpLastStep: null }).where(eq(members.id, id));
    const login = (otp: string) => t.call('user-do-login', { id: member.id, pw: member.pw, otp });
    expect((await login(generateSync({ secret }))).json()).toMatchObject({ status: 'success' });

    expect(await sealStoredMemberSecrets(t.db, t.config)).toBeGreaterThanOrEqual(1);
    expect((await memberRow(member.id)).totpSecret).toMatch(/^enc1:/);
    await t.db.update(members).set({ totpLastStep: null }).where(eq(members.id, id));
    expect((await login(generateSync({ secret }))).json()).toMatchObject({ status: 'success' });
    // Another key cannot open what this one sealed: the start stops instead of locking everyone out.
    await expect(sealStoredMemberSecrets(t.db, { totpSecretKey: Buffer.alloc(32, 7) })).rejects.toThrow(
      /TOTP_SECRET_KEY/,
    );
  });

  it('still accepts a recovery code stored by the previous version (plain SHA-256), once', async () => {
    const { member } = await memberWith2fa(t);
    const { id } = await memberRow(member.id);
    await t.db.insert(memberRecoveryCodes).values({ memberId: id, codeHash: sha256(`${id}:abcd-efgh`) });
    const login = () => t.call('user-do-login', { id: member.id, pw: member.pw, otp: 'abcd-efgh' });
    expect((await login()).json()).toMatchObject({ status: 'success' });
    expect((await login()).json()).toMatchObject({ status: 'otp_required' });
  });

  it('still accepts a recovery code stored by the version before (a keyed HMAC), once', async () => {
    const { member } = await memberWith2fa(t);
    const { id } = await memberRow(member.id);
    const codeHash = codeDigest(t.config.totpSecretKey, 'recovery', id, 'hmac-code');
    await t.db.insert(memberRecoveryCodes).values({ memberId: id, codeHash });
    // `npm run totp:reseal` counts the members holding such codes (it cannot re-key them).
    const holders = await membersWithUnsealedRecoveryCodes(t.db);
    expect(holders).toBeGreaterThanOrEqual(1);
    const login = () => t.call('user-do-login', { id: member.id, pw: member.pw, otp: 'hmac-code' });
    expect((await login()).json()).toMatchObject({ status: 'success' });
    expect((await login()).json()).toMatchObject({ status: 'otp_required' });
    expect(await membersWithUnsealedRecoveryCodes(t.db)).toBe(holders - 1);
  });

  it('keeps an operator’s TOTP secret sealed; the login still takes its codes', async () => {
    const created = await as('owner').post('/api/admin/operators', { login: 'sealed-desk', role: 'support' });
    expect(created.statusCode).toBe(200);
    const { password, totpSecret } = created.json();
    const [row] = await t.db.select().from(operators).where(eq(operators.login, 'sealed-desk'));
    expect(row!.totpSecret).toMatch(/^enc1:/);
    expect(row!.totpSecret).not.toContain(totpSecret);
    expect((await operatorSignIn(t, 'sealed-desk', password, totpSecret)).statusCode).toBe(200);
    // An operator row from before (the demo seed writes one so too) is read, and sealed at the start.
    await t.db
      .update(operators)
      .set({ totpSecret, totpLastStep: null })
      .where(eq(operators.login, 'sealed-desk'));
    expect(await sealStoredOperatorSecrets(t.db, t.config)).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select().from(operators).where(eq(operators.login, 'sealed-desk'));
    expect(after!.totpSecret).toMatch(/^enc1:/);
    expect((await operatorSignIn(t, 'sealed-desk', password, totpSecret)).statusCode).toBe(200);
  });

  it('keeps a password reset code as a keyed HMAC, not a SHA-256 anyone can reverse', async () => {
    const member = await t.register();
    expect((await t.call('user-password-forgot', { id: member.id })).json()).toMatchObject({
      status: 'success',
    });
    const [message] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(message!.body ?? '')?.[1];
    expect(code).toBeDefined();
    const { id } = await memberRow(member.id);
    const [reset] = await t.db
      .select({ hash: passwordResets.codeHash })
      .from(passwordResets)
      .where(eq(passwordResets.memberId, id));
    expect(reset!.hash).not.toBe(sha256(`reset:${id}:${code}`));
    const done = await t.call('user-password-reset', { id: member.id, code, pw: 'brand-new-pw-1' });
    expect(done.json()).toMatchObject({ status: 'success' });
  });
});
