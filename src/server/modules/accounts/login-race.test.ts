import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { operators } from '../backoffice/backoffice.schema.ts';
import { createOperator, OPERATOR_MAX_FAILURES } from '../backoffice/operators.service.ts';
import { attemptLimits } from './accounts.schema.ts';

/**
 * Lock-outs under concurrency: every attempt is counted before its password is checked, so a
 * burst of parallel guesses is checked at most `limit` times (real concurrency on PostgreSQL).
 */
const BURST = 100;
const statusCounts = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => {
    acc[c] = (acc[c] ?? 0) + 1;
    return acc;
  }, {});

describe.runIf(backendAvailable)('login lock-outs under concurrency', () => {
  const t = useTestApp({
    loginMaxFailuresPerAccount: 5,
    loginMaxFailuresPerAddress: 20,
    loginWindowMs: 600_000,
  });

  const memberLogin = (id: string, pw: string, ip: string) =>
    t.call('user-do-login', { id, pw }, { remoteAddress: ip });

  it(`checks only 5 of ${BURST} parallel wrong passwords on one member, then refuses the right one`, async () => {
    const member = await t.register();
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) => memberLogin(member.id, `wrongpass${i}`, `10.1.${i}.1`)),
    );
    expect(statusCounts(replies.map((r) => r.statusCode))).toEqual({ 401: 5, 429: BURST - 5 });
    const right = await memberLogin(member.id, member.pw, '10.1.250.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ status: 'limited', msg: 'msg3001' });
  });

  it('refuses the right password sent while a locked burst of wrong ones is still being checked', async () => {
    const member = await t.register();
    const burst = Promise.all(
      Array.from({ length: 29 }, (_, i) => memberLogin(member.id, `wrongpass${i}`, `10.2.${i}.1`)),
    );
    // Wait until the burst has taken the account's 5 attempts (some may still be verifying).
    const key = `acct:${member.id}`;
    for (let tries = 0; tries < 500; tries++) {
      const [row] = await t.db.select().from(attemptLimits).where(eq(attemptLimits.key, key));
      if ((row?.points ?? 0) >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const right = await memberLogin(member.id, member.pw, '10.2.99.1');
    expect(right.statusCode).toBe(429);
    const replies = await burst;
    expect(statusCounts(replies.map((r) => r.statusCode))).toEqual({ 401: 5, 429: 24 });
  });

  it(`checks only 20 of ${BURST} parallel guesses from one address, each on another id`, async () => {
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) => memberLogin(`sprayid${i}`, 'wrongpass1', '10.3.3.3')),
    );
    expect(statusCounts(replies.map((r) => r.statusCode))).toEqual({ 401: 20, 429: BURST - 20 });
    const member = await t.register();
    expect((await memberLogin(member.id, member.pw, '10.3.3.3')).statusCode).toBe(429);
    expect((await memberLogin(member.id, member.pw, '10.3.3.4')).statusCode).toBe(200);
  });

  it('a good login gives back its own attempt only, and clears the account counter', async () => {
    const member = await t.register();
    for (let i = 0; i < 4; i++) await memberLogin(member.id, 'wrongpass1', '10.4.0.1');
    expect((await memberLogin(member.id, member.pw, '10.4.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await memberLogin(member.id, 'wrongpass1', '10.4.0.1');
    expect((await memberLogin(member.id, member.pw, '10.4.0.1')).statusCode).toBe(200);
  });

  const operatorLogin = (login: string, password: string, otp: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { login, password, otp, bearer: true },
      remoteAddress: ip,
    });

  let operatorCount = 0;
  const newOperator = async () => {
    operatorCount += 1;
    const login = `race-op-${process.pid % 1000}-${operatorCount}`;
    const { id, totpSecret } = await createOperator(t.db, t.config.totpSecretKey, {
      login,
      password: 'operator-pass1',
      role: 'owner',
    });
    return { id, login, totpSecret };
  };
  /** The operator's right password and current code. */
  const rightLogin = (op: { login: string; totpSecret: string }, ip: string) =>
    operatorLogin(op.login, 'operator-pass1', generateSync({ secret: op.totpSecret }), ip);

  it(`checks only ${OPERATOR_MAX_FAILURES} of ${BURST} parallel wrong operator passwords and stores the count`, async () => {
    const op = await newOperator();
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        operatorLogin(op.login, `wrong-pass-${i}`, '000000', `10.5.${i}.1`),
      ),
    );
    expect(statusCounts(replies.map((r) => r.statusCode))).toEqual({
      401: OPERATOR_MAX_FAILURES,
      429: BURST - OPERATOR_MAX_FAILURES,
    });
    const [row] = await t.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row?.failedLogins).toBe(OPERATOR_MAX_FAILURES);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    const right = await rightLogin(op, '10.5.250.1');
    expect(right.statusCode).toBe(429);
  });

  it(`checks only ${OPERATOR_MAX_FAILURES} of ${BURST} parallel wrong TOTP codes with the right password`, async () => {
    const op = await newOperator();
    const good = generateSync({ secret: op.totpSecret });
    const wrongCodes = Array.from({ length: BURST }, (_, i) =>
      String((Number(good) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const replies = await Promise.all(
      wrongCodes.map((code, i) => operatorLogin(op.login, 'operator-pass1', code, `10.6.${i}.1`)),
    );
    // Five checked: four wrong codes answer 401, the fifth the day's lock it starts (429 msg3529).
    expect(statusCounts(replies.map((r) => r.statusCode))).toEqual({
      401: OPERATOR_MAX_FAILURES - 1,
      429: BURST - OPERATOR_MAX_FAILURES + 1,
    });
    expect(replies.filter((r) => r.json().msg === 'msg3529')).toHaveLength(1);
    expect((await operatorLogin(op.login, 'operator-pass1', good, '10.6.250.1')).statusCode).toBe(429);
  });

  it('an operator who logs in after a few failures starts again from zero', async () => {
    const op = await newOperator();
    for (let i = 0; i < OPERATOR_MAX_FAILURES - 1; i++) {
      expect((await operatorLogin(op.login, 'wrong-pass', '000000', '10.7.0.1')).statusCode).toBe(401);
    }
    const ok = await rightLogin(op, '10.7.0.1');
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });
});
