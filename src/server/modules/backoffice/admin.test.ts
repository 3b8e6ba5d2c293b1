import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPECTED_ADMIN_ACCESS } from '../../../../test/support/admin-access.ts';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { ADMIN_ROUTES } from './admin-api.ts';
import { verifyAuditChain } from './audit.service.ts';
import { auditLog, OPERATOR_ROLES, type OperatorRole, operatorSessions } from './backoffice.schema.ts';
import { createOperator, OPERATOR_IDLE_MS } from './operators.service.ts';

describe.runIf(backendAvailable)('back office: operators, permissions, cashier decisions, audit', () => {
  const t = useTestApp();
  const secrets: Partial<Record<OperatorRole, string>> = {};
  const tokens: Partial<Record<OperatorRole, string>> = {};

  const admin = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const login = (who: string, password: string, secret: string) =>
    admin('POST', '/api/admin/login', undefined, {
      login: who,
      password,
      otp: generateSync({ secret }),
      bearer: true,
    });

  /** A support operator of its own, for a test of the login itself. */
  const supportOperator = (who: string) =>
    createOperator(t.db, t.config.totpSecretKey, { login: who, password: 'operator-pass1', role: 'support' });

  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) {
      secrets[role] = (
        await createOperator(t.db, t.config.totpSecretKey, {
          login: `${role}1`,
          password: 'operator-pass1',
          role,
        })
      ).totpSecret;
      // A code generated at the very end of its 30-second step can be verified in the next one (a busy
      // machine): then the operator types the next code, as a person would.
      let res = await login(`${role}1`, 'operator-pass1', secrets[role]!);
      if (res.statusCode === 401) res = await login(`${role}1`, 'operator-pass1', secrets[role]!);
      expect(res.statusCode, `${role} login: ${res.body}`).toBe(200);
      tokens[role] = res.json().token;
    }
  });

  it('refuses a cookie-carried operator POST that names no origin (CSRF), and one from another site', async () => {
    const cookie = `asid=${tokens.owner}`;
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie, ...headers } });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await admin('GET', '/api/admin/me', tokens.owner)).statusCode).toBe(200);
  });

  it("does not count the screens' own polling as activity, so an unattended back office signs out", async () => {
    const { id, totpSecret } = await createOperator(t.db, t.config.totpSecretKey, {
      login: 'idler',
      password: 'operator-pass1',
      role: 'owner',
    });
    const token = (await login('idler', 'operator-pass1', totpSecret)).json().token as string;
    const lastSeen = async () =>
      (await t.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, id)))[0]!.lastSeenAt;
    const almostIdle = new Date(Date.now() - OPERATOR_IDLE_MS + 60_000);
    await t.db
      .update(operatorSessions)
      .set({ lastSeenAt: almostIdle })
      .where(eq(operatorSessions.operatorId, id));
    for (const url of [
      '/api/admin/pending-counts',
      '/api/admin/cashier/pending',
      '/api/admin/support/tickets',
    ])
      expect((await admin('GET', url, token)).statusCode).toBe(200);
    expect((await lastSeen()).getTime()).toBe(almostIdle.getTime());
    // What the operator does (here: opening the dashboard) keeps the session alive.
    expect((await admin('GET', '/api/admin/dashboard', token)).statusCode).toBe(200);
    expect((await lastSeen()).getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('keeps the session token out of a browser login reply: it lives in the httpOnly cookie only', async () => {
    const { totpSecret } = await supportOperator('browser');
    const res = await admin('POST', '/api/admin/login', undefined, {
      login: 'browser',
      password: 'operator-pass1',
      otp: generateSync({ secret: totpSecret }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'asid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: `asid=${cookie!.value}` },
    });
    expect(me.json().operator.login).toBe('browser');
  });

  it('accepts a TOTP code once: the same code again (a replay) is refused', async () => {
    const { totpSecret } = await supportOperator('replayer');
    const body = { login: 'replayer', password: 'operator-pass1', otp: generateSync({ secret: totpSecret }) };
    const [first, second] = await Promise.all([
      admin('POST', '/api/admin/login', undefined, body),
      admin('POST', '/api/admin/login', undefined, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
    expect((await admin('POST', '/api/admin/login', undefined, body)).statusCode).toBe(401);
  });

  it('accepts the code of the 30-s step just ended (typed as the phone rolled over), not the one before', async () => {
    const { totpSecret } = await supportOperator('rollover');
    // The server's clock (this process's Date) stands 10 s into the current 30-s step, so that "one step
    // back" stays one step back until it is checked, however long the checks take.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
    try {
      vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 10_000);
      const now = Math.floor(Date.now() / 1000);
      const login = (otp: string) =>
        admin('POST', '/api/admin/login', undefined, { login: 'rollover', password: 'operator-pass1', otp });
      expect((await login(generateSync({ secret: totpSecret, epoch: now - 60 }))).statusCode).toBe(401);
      expect((await login(generateSync({ secret: totpSecret, epoch: now - 30 }))).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs the password and a current TOTP code, and locks after repeated failures', async () => {
    const { totpSecret } = await supportOperator('locky');
    const wrongCode = await admin('POST', '/api/admin/login', undefined, {
      login: 'locky',
      password: 'operator-pass1',
      otp: '000000',
    });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toMatchObject({ msg: 'msg2030' });
    for (let i = 0; i < 4; i++)
      await admin('POST', '/api/admin/login', undefined, { login: 'locky', password: 'nope', otp: '123456' });
    const locked = await login('locky', 'operator-pass1', totpSecret);
    expect(locked.statusCode).toBe(429);
    expect((await admin('GET', '/api/admin/me', tokens.owner)).json().operator).toMatchObject({
      login: 'owner1',
      role: 'owner',
    });
  });

  it('checks every admin route against every role, and refuses members and guests everywhere', async () => {
    const member = (await t.login()).token;
    const routes = ADMIN_ROUTES;
    // The hand-written matrix names every guarded route, and no route it does not know.
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      Object.keys(EXPECTED_ADMIN_ACCESS).sort(),
    );
    for (const [route, allowed] of Object.entries(EXPECTED_ADMIN_ACCESS)) {
      const [method, pattern] = route.split(' ') as ['GET' | 'POST', string];
      const url = pattern
        .replace(':kind', pattern.includes('content') ? 'notice' : 'deposit')
        .replace(':id', '999999')
        .replace(':decision', 'approve')
        .replace(':code', 'no-such-vendor');
      for (const role of OPERATOR_ROLES) {
        const res = await admin(method, url, tokens[role], method === 'POST' ? {} : undefined);
        const label = `${role} ${method} ${url} → ${res.statusCode}`;
        if (allowed.includes(role)) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
        expect(res.statusCode, label).toBeLessThan(500);
      }
      expect((await admin(method, url, member)).statusCode).toBe(401);
      expect((await admin(method, url)).statusCode).toBe(401);
    }
  });

  it('approves a deposit and rejects a withdrawal through the ledger, auditing each, and the chain holds', async () => {
    const { token } = await t.login();
    const deposit = (
      await t.call('apply-user-deposit', { balance: 80_000, code: nextCode() }, { token })
    ).json().requestId;
    const queue = (await admin('GET', '/api/admin/cashier/pending', tokens.cashier)).json().requests;
    const queued = queue.find((r: { id: number }) => r.id === deposit);
    expect(queued.currency).toMatch(/^[A-Z]{3}$/);
    const approve = await admin('POST', `/api/admin/cashier/deposit/${deposit}/approve`, tokens.cashier, {});
    expect(approve.json()).toMatchObject({ status: 'success', request: { status: 'already' } });
    expect((await balancesOf(t, token)).cash).toBe(80_000);

    const withdraw = (
      await t.call('apply-user-withdraw', { balance: 30_000, code: nextCode() }, { token })
    ).json().requestId;
    const noReason = await admin(
      'POST',
      `/api/admin/cashier/withdraw/${withdraw}/reject`,
      tokens.cashier,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    await admin('POST', `/api/admin/cashier/withdraw/${withdraw}/reject`, tokens.cashier, {
      reason: 'name mismatch',
    });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 80_000, held: 0 });

    const audit = (await admin('GET', '/api/admin/audit?action=cashier.deposit.approve', tokens.owner)).json()
      .entries;
    expect(audit[0]).toMatchObject({
      operatorLogin: 'cashier1',
      target: `cash_request:${deposit}`,
      // The amount with its currency: sites differ.
      after: { status: 'already', amount: 80_000, currency: queued.currency },
    });
    const board = (await admin('GET', '/api/admin/dashboard', tokens.cashier)).json();
    // Money per currency (the member's site's): never added across currencies.
    const deposited = board.today.money.map((m: { deposits: number }) => m.deposits);
    expect(Math.max(...deposited)).toBeGreaterThanOrEqual(80_000);
    expect(board.month.newMembers).toBeGreaterThanOrEqual(1);
    expect(board.pending).toMatchObject({
      deposits: expect.any(Number),
      withdrawals: expect.any(Number),
      tickets: expect.any(Number),
    });
    const verify = (await admin('GET', '/api/admin/audit/verify', tokens.owner)).json();
    expect(verify).toMatchObject({ ok: true });
    await expectSoundLedger(t.db);
  });

  it('manages members: adjustment with a reason through the ledger, block ends sessions, reset password', async () => {
    const { token, member } = await t.login();
    const found = (await admin('GET', `/api/admin/members?q=${member.id}`, tokens.owner)).json().members;
    expect(found).toHaveLength(1);
    const id = found[0].id;
    const noReason = await admin('POST', `/api/admin/members/${id}/adjust`, tokens.owner, {
      amount: 5_000,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const credit = await admin('POST', `/api/admin/members/${id}/adjust`, tokens.owner, {
      amount: 5_000,
      reason: 'goodwill',
      key: `adj-${nextCode()}`,
    });
    expect(credit.json().balances).toMatchObject({ cash: 5_000 });
    const overdraw = await admin('POST', `/api/admin/members/${id}/adjust`, tokens.owner, {
      amount: -9_000,
      reason: 'correction',
      key: `adj-${nextCode()}`,
    });
    expect(overdraw.json()).toMatchObject({ status: 'balance', balance: 5_000 });
    expect((await balancesOf(t, token)).cash).toBe(5_000);
    expect(
      (await admin('GET', `/api/admin/members/${id}`, tokens.cashier)).json().profile,
    ).not.toHaveProperty('passwordHash');

    await admin('POST', `/api/admin/members/${id}/status`, tokens.owner, { status: 'blocked' });
    expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(401);
    await admin('POST', `/api/admin/members/${id}/status`, tokens.owner, { status: 'active' });
    const reset = (await admin('POST', `/api/admin/members/${id}/reset-password`, tokens.owner)).json()
      .password;
    expect((await t.call('user-do-login', { id: member.id, pw: reset })).statusCode).toBe(200);
    await expectSoundLedger(t.db);
  });

  it('answers tickets (the member’s help count rises), sends notes and publishes popups', async () => {
    const { token, member } = await t.login();
    await t.call('user-write-help', { title: 'Bonus?', contents: 'When?' }, { token });
    const tickets = (await admin('GET', '/api/admin/support/tickets', tokens.support)).json().tickets;
    const mine = tickets.find((ticket: { title: string }) => ticket.title === 'Bonus?');
    await admin('POST', `/api/admin/support/tickets/${mine.id}/answer`, tokens.support, {
      answer: 'Tomorrow.',
    });
    expect((await t.call('user-health-check', {}, { token })).json().helpCount).toBe(1);

    const memberId = (await admin('GET', `/api/admin/members?q=${member.id}`, tokens.support)).json()
      .members[0].id;
    await admin('POST', '/api/admin/notes', tokens.support, {
      target: 'member',
      memberId,
      title: 'Hi',
      contents: 'Hello',
    });
    expect((await t.call('user-health-check', {}, { token })).json().noteCount).toBe(1);

    const popup = await admin('POST', '/api/admin/content/popup', tokens.content, {
      title: 'Weekend',
      contents: '<p onclick="x()">Double comp<script>1</script></p>',
    });
    expect(popup.json().status).toBe('success');
    const shown = (await t.call('get-notice-popup', {}))
      .json()
      .popups.find((p: { title: string }) => p.title === 'Weekend');
    expect(shown.contents).toBe('<p>Double comp</p>');
  });

  it('detects an edited audit entry', async () => {
    const [entry] = await t.db.select().from(auditLog).limit(1);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
    await t.db.update(auditLog).set({ operatorLogin: 'someone-else' }).where(eq(auditLog.id, entry!.id));
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, brokenAt: entry!.id });
    await t.db
      .update(auditLog)
      .set({ operatorLogin: entry!.operatorLogin })
      .where(eq(auditLog.id, entry!.id));
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it.runIf(isPostgres)(
    'two operators approving one deposit at once: exactly one wins, the other sees why',
    async () => {
      const { token } = await t.login();
      await fund(t, token, 10_000);
      const id = (await t.call('apply-user-deposit', { balance: 50_000, code: nextCode() }, { token })).json()
        .requestId;
      const [a, b] = await Promise.all([
        admin('POST', `/api/admin/cashier/deposit/${id}/approve`, tokens.cashier, {}),
        admin('POST', `/api/admin/cashier/deposit/${id}/approve`, tokens.owner, {}),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      const winner = a.statusCode === 200 ? 'cashier1' : 'owner1';
      expect(loser.json()).toMatchObject({
        status: 'already',
        message: `this deposit was already approved by ${winner}`,
        current: { status: 'already', decidedBy: winner },
      });
      expect((await balancesOf(t, token)).cash).toBe(60_000);
    },
  );
});
