import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { operators } from './backoffice.schema.ts';
import { OPERATOR_MAX_FAILURES } from './operators.service.ts';

describe.runIf(backendAvailable)('back office: an operator changes their own password', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const signIn = async (login: string, password: string, secret: string) => {
    // Each code works once: the step is freed so one test can sign in several times.
    await t.db.update(operators).set({ totpLastStep: null }).where(eq(operators.login, login));
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { login, password, otp: generateSync({ secret }), bearer: true },
    });
  };
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const newOperator = async (login: string) => {
    const made = (await as('owner').post('/api/admin/operators', { login, role: 'cashier' })).json();
    const first = (await signIn(login, made.password, made.totpSecret)).json().token as string;
    const second = (await signIn(login, made.password, made.totpSecret)).json().token as string;
    return { ...made, first, second };
  };

  it('with the current password: the handed-over one stops working and their other sessions end', async () => {
    const op = await newOperator('changer');
    const changed = await call(op.first, 'POST', '/api/admin/me/password', {
      current: op.password,
      password: 'a-new-long-secret-1',
    });
    // Before: there was no such route; the owner who created the operator knew their password for good.
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(op.first, 'GET', '/api/admin/me')).statusCode).toBe(200);
    expect((await call(op.second, 'GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await signIn('changer', op.password, op.totpSecret)).statusCode).toBe(401);
    expect((await signIn('changer', 'a-new-long-secret-1', op.totpSecret)).statusCode).toBe(200);
    const audit = (await as('owner').get(`/api/admin/audit?target=operator:${op.operator.id}`)).json()
      .entries;
    expect(audit.map((e: { action: string }) => e.action)).toContain('operator.password');
    expect(JSON.stringify(audit)).not.toContain('a-new-long-secret-1');
  });

  it('refuses a wrong current password, counting it like a login, and bad input; nothing changes', async () => {
    const op = await newOperator('guesser');
    const before = await snapshotAllTables(t.db, ['operator_sessions', 'operators', 'rate_limits']);
    for (const body of [
      {},
      { current: op.password },
      { current: op.password, password: 'short' },
      { current: op.password, password: 'x'.repeat(129) },
      { current: 7, password: 'a-new-long-secret-1' },
    ]) {
      const res = await call(op.first, 'POST', '/api/admin/me/password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect(await snapshotAllTables(t.db, ['operator_sessions', 'operators', 'rate_limits'])).toBe(before);
    // A stolen session cannot guess the password: wrong ones lock the operator like failed logins.
    for (let i = 0; i < OPERATOR_MAX_FAILURES; i += 1) {
      const wrong = await call(op.first, 'POST', '/api/admin/me/password', {
        current: `wrong-${i}`,
        password: 'a-new-long-secret-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toBeDefined();
    }
    const locked = await call(op.first, 'POST', '/api/admin/me/password', {
      current: op.password,
      password: 'a-new-long-secret-1',
    });
    expect(locked.statusCode).toBe(429);
    expect((await signIn('guesser', op.password, op.totpSecret)).statusCode).toBe(429);
  });
});
