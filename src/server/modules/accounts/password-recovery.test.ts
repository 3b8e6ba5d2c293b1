import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { startSmtpInbox } from '../../../../test/support/smtp-inbox.ts';
import { type RegisterBody, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { smtpTransport } from '../../providers/messaging/smtp.transport.ts';
import { claimDueMessages } from '../outbox/outbox.service.ts';

const ANSWER_MS = 300;
const TTL_MS = 2500;
const FROM = 'Royal Casino <no-reply@casino.test>';

describe.runIf(backendAvailable)('password recovery', () => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox?.close();
  });
  // The SMTP server's port is known only once it listens: the app reads its config after this file's first beforeAll.
  const t = useTestApp({
    recoveryAnswerMs: ANSWER_MS,
    resetCodeTtlMs: TTL_MS,
    outboxRetryBaseMs: 50,
    get smtp() {
      return { url: inbox.url, from: FROM };
    },
  });
  const { as } = useOperators(t);
  let siteId: number;
  beforeAll(async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    siteId = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
    const set = await as('owner').post(`/api/admin/settings/sites/${siteId}/accounts`, {
      recoveryChannel: 'email',
    });
    expect(set.statusCode).toBe(200);
    t.app.sites.invalidate();
  });

  // Each request from its own address, so the per-address limits stay out of the way unless a test means them.
  let addresses = 0;
  const from = () => {
    addresses += 1;
    return { remoteAddress: `10.9.${Math.floor(addresses / 250)}.${addresses % 250}`, cookie: 'lang=en' };
  };
  let members = 0;
  async function memberWithEmail(): Promise<RegisterBody & { email: string }> {
    members += 1;
    const email = `reset${members}.${process.pid}@mail.test`;
    return { ...(await t.register({ email, phone: `0101111${String(members).padStart(4, '0')}` })), email };
  }
  const forgot = (id: string) => t.call('user-password-forgot', { id }, from());
  const codeIn = (raw: string) => /code to reset the password of \S+ is (\d{6})/.exec(raw)?.[1];

  it('answers an existing and a missing account alike, and in the same time range', async () => {
    const existing = await Promise.all([1, 2, 3, 4, 5].map(() => memberWithEmail()));
    const timed = async (id: string) => {
      const started = performance.now();
      const res = await forgot(id);
      return { ms: performance.now() - started, code: res.statusCode, body: res.json() };
    };
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    for (const [i, m] of existing.entries()) {
      known.push(await timed(m.id));
      unknown.push(await timed(`nobody${i}x${process.pid}`));
    }
    for (const answer of [...known, ...unknown]) {
      expect(answer.code).toBe(200);
      expect(answer.body).toEqual({ status: 'success', msg: 'msg3510', channel: 'email' });
      expect(answer.ms).toBeGreaterThanOrEqual(ANSWER_MS - 5);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(known.map((a) => a.ms)) - median(unknown.map((a) => a.ms)))).toBeLessThan(60);
    // The existing accounts did get their e-mail.
    await t.app.outbox.runOnce();
    for (const m of existing) expect(inbox.to(m.email)).toHaveLength(1);
  });

  it('delivers the e-mail to a real SMTP server exactly once after a crash between commit and send', async () => {
    const m = await memberWithEmail();
    expect((await forgot(m.id)).statusCode).toBe(200);
    // A worker claims the committed message and dies before sending it.
    const crashed = await claimDueMessages(t.db, 'crashed-worker', 50, 300);
    expect(crashed.map((c) => c.recipient)).toContain(m.email);
    expect(await t.app.outbox.runOnce()).toBe(0);
    expect(inbox.to(m.email)).toHaveLength(0);
    await sleep(350);
    // Its lease over, the next run sends it once; later runs send nothing more.
    expect(await t.app.outbox.runOnce()).toBe(1);
    await t.app.outbox.runOnce();
    const mails = inbox.to(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.messageId).toMatch(/^<outbox-\d+@casino\.test>$/);
    // The code it carries sets a new password.
    const code = codeIn(mails[0]!.raw);
    expect(code).toMatch(/^\d{6}$/);
    const reset = await t.call('user-password-reset', { id: m.id, code, pw: 'brandnew123' }, from());
    expect(reset.json()).toMatchObject({ status: 'success', msg: 'msg3513' });
  });

  it('retries a refused send with backoff and still delivers once', async () => {
    const m = await memberWithEmail();
    await forgot(m.id);
    inbox.failNext(1);
    expect(await t.app.outbox.runOnce()).toBe(0);
    expect(inbox.to(m.email)).toHaveLength(0);
    await sleep(120);
    expect(await t.app.outbox.runOnce()).toBe(1);
    await t.app.outbox.runOnce();
    expect(inbox.to(m.email)).toHaveLength(1);
  });

  it('at least once: a send the server accepted before the worker died comes again with the same Message-ID', async () => {
    const m = await memberWithEmail();
    await forgot(m.id);
    const [claimed] = (await claimDueMessages(t.db, 'dies-after-send', 50, 300)).filter(
      (c) => c.recipient === m.email,
    );
    const transport = smtpTransport({ url: inbox.url, from: FROM });
    await transport.send({ ...claimed!, idempotencyKey: `outbox-${claimed!.id}` });
    transport.close();
    await sleep(350);
    expect(await t.app.outbox.runOnce()).toBe(1);
    const mails = inbox.to(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.messageId).toBe(mails[1]!.messageId);
  });

  it('a code works once, ends every session, and does not work after it expires', async () => {
    const m = await memberWithEmail();
    const login = await t.call('user-do-login', { id: m.id, pw: m.pw }, from());
    const token = login.json().token as string;
    await forgot(m.id);
    await t.app.outbox.runOnce();
    const code = codeIn(inbox.to(m.email)[0]!.raw);
    const first = await t.call('user-password-reset', { id: m.id, code, pw: 'newsecret99' }, from());
    expect(first.json()).toMatchObject({ status: 'success' });
    expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(401);
    const again = await t.call('user-password-reset', { id: m.id, code, pw: 'othersecret9' }, from());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 'invalid', msg: 'msg3512' });
    expect((await t.call('user-do-login', { id: m.id, pw: 'newsecret99' }, from())).statusCode).toBe(200);

    await forgot(m.id);
    await t.app.outbox.runOnce();
    const late = codeIn(inbox.to(m.email)[1]!.raw);
    await sleep(TTL_MS + 200);
    const expired = await t.call('user-password-reset', { id: m.id, code: late, pw: 'toolate123' }, from());
    expect(expired.json()).toMatchObject({ status: 'invalid', msg: 'msg3512' });
    expect((await t.call('user-do-login', { id: m.id, pw: 'newsecret99' }, from())).statusCode).toBe(200);
  });

  it('a password set with a recovery code stands beside the member’s next withdrawal in the cashier queue', async () => {
    const m = await memberWithEmail();
    await forgot(m.id);
    await t.app.outbox.runOnce();
    const code = codeIn(inbox.to(m.email)[0]!.raw);
    const reset = await t.call('user-password-reset', { id: m.id, code, pw: 'recovered77' }, from());
    expect(reset.json()).toMatchObject({ status: 'success' });
    const token = (await t.call('user-do-login', { id: m.id, pw: 'recovered77' }, from())).json().token;
    await fund(t, token, 50_000);
    const asked = await t.call('apply-user-withdraw', { balance: 20_000, code: nextCode() }, { token });
    const id = asked.json().requestId;
    const queue = (await as('cashier').get('/api/admin/cashier/pending?kind=withdraw&limit=200')).json();
    const request = queue.requests.find((r: { id: number }) => r.id === id);
    expect(request.accountChanges.map((c: { what: string }) => c.what)).toEqual(['password']);
  });

  it('refuses malformed requests with 400 and limits requests per account', async () => {
    expect((await t.call('user-password-forgot', { id: '' }, from())).statusCode).toBe(400);
    expect((await t.call('user-password-forgot', { id: 'x'.repeat(5000) }, from())).statusCode).toBe(400);
    expect(
      (await t.call('user-password-reset', { id: 'abcd', code: '12', pw: 'secret123' }, from())).statusCode,
    ).toBe(400);
    const m = await memberWithEmail();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await forgot(m.id)).json().status);
    expect(answers).toEqual(['success', 'success', 'success', 'limited']);
    // A missing account is limited exactly alike.
    const missing = [];
    for (let i = 0; i < 4; i += 1) missing.push((await forgot(`ghost${process.pid}`)).json().status);
    expect(missing).toEqual(answers);
  });

  it('sends the code by SMS through the sandbox when the site chooses SMS', async () => {
    await as('owner').post(`/api/admin/settings/sites/${siteId}/accounts`, { recoveryChannel: 'sms' });
    t.app.sites.invalidate();
    const m = await memberWithEmail();
    const res = await forgot(m.id);
    expect(res.json()).toMatchObject({ status: 'success', msg: 'msg3511', channel: 'sms' });
    await t.app.outbox.runOnce();
    const sms = (await t.app.inject({ method: 'GET', url: `/sandbox/messages?to=${m.phone}` })).json().list;
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(/password reset code \d{6}/);
    expect(inbox.to(m.email)).toHaveLength(0);
    await as('owner').post(`/api/admin/settings/sites/${siteId}/accounts`, { recoveryChannel: 'email' });
    t.app.sites.invalidate();
  });

  describe.runIf(isPostgres)('under concurrency', () => {
    it('checks only 5 of 100 concurrent guesses at a code, then refuses even the right one', async () => {
      const m = await memberWithEmail();
      await forgot(m.id);
      await t.app.outbox.runOnce();
      const code = codeIn(inbox.to(m.email)[0]!.raw)!;
      const wrong = Array.from({ length: 100 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const guesses = await Promise.all(
        // Each from its own address: one address's own limit (30) would also refuse some of them, and
        // a guess holding one of the account's 5 points that lost that race gives it back too late.
        wrong.map((c, i) =>
          t.call(
            'user-password-reset',
            { id: m.id, code: c, pw: 'guessed123' },
            { remoteAddress: `10.7.${i}.7` },
          ),
        ),
      );
      const byStatus = guesses.reduce<Record<number, number>>((acc, r) => {
        acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
        return acc;
      }, {});
      expect(byStatus).toEqual({ 400: 5, 429: 95 });
      const right = await t.call('user-password-reset', { id: m.id, code, pw: 'guessed123' }, from());
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ status: 'limited', msg: 'msg3514' });
      expect((await t.call('user-do-login', { id: m.id, pw: m.pw }, from())).statusCode).toBe(200);
    });
  });
});
