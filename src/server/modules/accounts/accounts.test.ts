import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newMember, ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { members, sites } from '../../db/schema.ts';
import { attemptLimits } from './accounts.schema.ts';

describe.runIf(backendAvailable)('accounts', () => {
  const t = useTestApp();

  describe('user-register', () => {
    it('registers a member with zero balances and refuses the same id or nick again', async () => {
      const member = newMember();
      const res = await t.call('user-register', member);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'success', msg: 'msg3010' });

      const sameId = await t.call('user-register', { ...newMember(), id: member.id.toUpperCase() });
      expect(sameId.statusCode).toBe(409);
      expect(sameId.json()).toMatchObject({ status: 'alread_have_user', msg: 'msg3011' });

      const sameNick = await t.call('user-register', { ...newMember(), nick: member.nick.toUpperCase() });
      expect(sameNick.json()).toMatchObject({ status: 'alread_have_user', msg: 'msg3012' });

      const { token } = await t.login(member, true);
      const health = await t.call('user-health-check', {}, { token });
      expect(health.json().user).toMatchObject({
        userId: member.id,
        balance: 0,
        in_balance: 0,
        rolling: 0,
        bonus: 0,
      });
    });

    it('links a known referral code and refuses an unknown one', async () => {
      const referrer = await t.register();
      const [row] = await t.db.select().from(members).where(eq(members.loginId, referrer.id));
      const referred = newMember({ code: row!.referralCode.toLowerCase() });
      expect((await t.call('user-register', referred)).statusCode).toBe(201);
      const [child] = await t.db.select().from(members).where(eq(members.loginId, referred.id));
      expect(child!.referredBy).toBe(row!.id);

      const unknown = await t.call('user-register', newMember({ code: 'NOSUCHCODE' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ status: 'cant_find_code', msg: 'msg3013' });
    });

    it.each([
      ['id', 'ab'],
      ['id', '1starts-with-digit'],
      ['id', 'has space'],
      ['pw', 'short1'],
      ['pw', 'lettersonly'],
      ['nick', 'x'],
      ['nick', '<script>'],
      ['phone', 'call me'],
      ['banknum', 'abc'],
      ['bankname', ''],
      ['code', 'bad code!'],
    ])('refuses %s = %j with the field named', async (field, value) => {
      const res = await t.call('user-register', newMember({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid', msg: 'msg3000', field });
    });

    it('takes the site from the Host and refuses registration where the site closed it', async () => {
      await t.db
        .insert(sites)
        .values({
          code: 'closed',
          name: 'Closed',
          domains: ['closed.example'],
          settings: { registrationOpen: false },
        })
        .returning();
      const [open] = await t.db
        .insert(sites)
        .values({ code: 'brand-b', name: 'Brand B', domains: ['b.example'] })
        .returning();
      t.app.sites.invalidate();
      const headers = (host: string) => ({ host, origin: `http://${host}` });
      const member = newMember();
      expect((await t.call('user-register', member, { headers: headers('b.example') })).statusCode).toBe(201);
      const [row] = await t.db.select().from(members).where(eq(members.loginId, member.id));
      expect(row!.siteId).toBe(open!.id);

      const refused = await t.call('user-register', newMember(), { headers: headers('closed.example') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 'closed', msg: 'msg3016' });
    });
  });

  describe('availability checks', () => {
    it('check-user-id and check-user-nick answer free or taken, case-insensitively', async () => {
      const member = await t.register();
      const freeId = await t.call('check-user-id', { id: 'freshid99' });
      expect(freeId.json()).toEqual({ status: 'success', msg: 'msg3014' });
      const takenId = await t.call('check-user-id', { id: member.id.toUpperCase() });
      expect(takenId.statusCode).toBe(409);
      expect(takenId.json()).toMatchObject({ status: 'alread_have_user', msg: 'msg3011' });

      expect((await t.call('check-user-nick', { nick: 'FreshNick' })).json()).toEqual({
        status: 'success',
        msg: 'msg3015',
      });
      const takenNick = await t.call('check-user-nick', { nick: member.nick.toUpperCase() });
      expect(takenNick.json()).toMatchObject({ status: 'alread_have_user', msg: 'msg3012' });
    });
  });

  describe('get-reg-domain', () => {
    it('answers for the site of the Origin, falling back to the default site', async () => {
      await t.db.insert(sites).values({ code: 'brand-c', name: 'Brand C', domains: ['c.example'] });
      t.app.sites.invalidate();
      const known = await t.call(
        'get-reg-domain',
        {},
        { headers: { host: 'c.example', origin: 'http://c.example' } },
      );
      expect(known.json()).toMatchObject({
        status: 'success',
        domain: 'c.example',
        site: { code: 'brand-c' },
      });
      const unknown = await t.call(
        'get-reg-domain',
        {},
        { headers: { host: 'nowhere.example', origin: 'http://nowhere.example' } },
      );
      expect(unknown.json()).toMatchObject({
        domain: 'nowhere.example',
        site: { code: 'main', registrationOpen: true },
      });
    });
  });

  describe('login and sessions', () => {
    it('refuses a missing id or password with msg2030 before any lookup', async () => {
      for (const body of [
        {},
        { id: 'someone' },
        { pw: 'x' },
        { id: '  ', pw: 'x' },
        { id: 'someone', pw: '' },
      ]) {
        const res = await t.call('user-do-login', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 'invalid', msg: 'msg2030' });
      }
    });

    it('answers an unknown id exactly like a wrong password', async () => {
      const member = await t.register();
      const unknown = await t.call('user-do-login', { id: 'nobodyhere', pw: 'secret123' });
      const wrong = await t.call('user-do-login', { id: member.id, pw: 'wrongpass1' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toMatchObject({ msg: 'msg2030' });
    });

    it('logs in, uses the session for a health check, logs out, and the old token is refused', async () => {
      const member = await t.register();
      const login = await t.call('user-do-login', { id: member.id, pw: member.pw });
      expect(login.statusCode).toBe(200);
      const body = login.json();
      expect(body).toMatchObject({ status: 'success', msg: 'msg2029', userId: member.id });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookies = login.headers['set-cookie'] as string[];
      const cookie = cookies.find((c) => c.startsWith('sid='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      // Beside it a readable hint without any secret, so the site runs the health check only for members.
      const hint = cookies.find((c) => c.startsWith('signed_in='))!;
      expect(hint).toMatch(/^signed_in=1;/);
      expect(hint).not.toMatch(/HttpOnly/);

      const health = await t.call('user-health-check', {}, { token: body.token });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({
        status: 'success',
        user: {
          userId: member.id,
          nick: member.nick,
          phone: '01012345678',
          level: 1,
          balance: 0,
          in_balance: 0,
          rolling: 0,
          bonus: 0,
          bankname: member.bankname,
          bankOwner: member.bankOwner,
          banknum: member.banknum,
          currency: 'KRW',
        },
        noteCount: 0,
        helpCount: 0,
        news: null,
        owed: 0,
      });

      const logout = await t.call('user-logout', {}, { token: body.token });
      expect(logout.json()).toMatchObject({ status: 'success' });
      const cleared = ([] as string[]).concat(logout.headers['set-cookie'] ?? []);
      expect(cleared.some((c) => /^signed_in=;/.test(c))).toBe(true);
      const after = await t.call('user-health-check', {}, { token: body.token });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ status: 'unauthorized', msg: 'msg2001' });
    });

    it('issues a new token at every login and keeps both sessions', async () => {
      const member = await t.register();
      const first = (await t.call('user-do-login', { id: member.id, pw: member.pw })).json().token;
      const second = (await t.call('user-do-login', { id: member.id, pw: member.pw })).json().token;
      expect(first).not.toBe(second);
      for (const token of [first, second]) {
        expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(200);
      }
    });

    it('accepts the cookie on our origin and refuses it cross-site or without an Origin', async () => {
      const member = await t.register();
      const login = await t.call('user-do-login', { id: member.id, pw: member.pw });
      const cookie = `sid=${login.json().token}`;
      expect((await t.call('user-health-check', {}, { cookie })).statusCode).toBe(200);

      const foreign = await t.call(
        'user-health-check',
        {},
        { cookie, headers: { origin: 'https://evil.example' } },
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ status: 'forbidden', msg: 'msg3002' });

      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/routes/user-logout',
        headers: { cookie },
        payload: {},
      });
      expect(bare.statusCode).toBe(403);
      // The refused logout did not end the session.
      expect((await t.call('user-health-check', {}, { cookie })).statusCode).toBe(200);
    });

    it('refuses a blocked member at login exactly like a wrong password and ends their live sessions', async () => {
      const { token, member } = await t.login();
      await t.db.update(members).set({ status: 'blocked' }).where(eq(members.loginId, member.id));
      expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(401);
      const right = await t.call('user-do-login', { id: member.id, pw: member.pw });
      const wrong = await t.call('user-do-login', { id: member.id, pw: 'wrongpass1' });
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual(wrong.json());
      expect(right.json()).toMatchObject({ status: 'invalid', msg: 'msg2030' });
    });
  });

  describe('password change', () => {
    it('needs the old password, then ends the other sessions and keeps this one', async () => {
      const { token, member } = await t.login();
      const other = (await t.call('user-do-login', { id: member.id, pw: member.pw })).json().token;

      const wrong = await t.call(
        'user-change-password',
        { oldPw: 'notmypass1', newPw: 'newsecret9' },
        { token },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status: 'invalid', msg: 'msg3021' });

      const weak = await t.call('user-change-password', { oldPw: member.pw, newPw: 'short' }, { token });
      expect(weak.json()).toMatchObject({ status: 'invalid', field: 'newPw' });

      const ok = await t.call('user-change-password', { oldPw: member.pw, newPw: 'newsecret9' }, { token });
      expect(ok.json()).toEqual({ status: 'success', msg: 'msg3020' });
      expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(200);
      expect((await t.call('user-health-check', {}, { token: other })).statusCode).toBe(401);
      expect((await t.call('user-do-login', { id: member.id, pw: member.pw })).statusCode).toBe(401);
      expect((await t.call('user-do-login', { id: member.id, pw: 'newsecret9' })).statusCode).toBe(200);
    });

    it('a session cannot guess the password: five wrong ones in any password check, then 429 even for the right one', async () => {
      const { token, member } = await t.login();
      const guesses = [
        () => t.call('user-change-password', { oldPw: 'guess-0001', newPw: 'taken12345' }, { token }),
        () => t.call('user-2fa-setup', { pw: 'guess-0002' }, { token }),
        () => t.call('user-ask-account', { pass: 'guess-0003' }, { token }),
        () =>
          t.call(
            'user-change-bank',
            { pw: 'guess-0004', bankname: 'Woori Bank', bankOwner: 'X', banknum: '555-666-7777' },
            { token },
          ),
        () => t.call('user-change-password', { oldPw: 'guess-0005', newPw: 'taken12345' }, { token }),
      ];
      // A right password on the way is not a guess: it gives its attempt back.
      expect((await t.call('user-2fa-setup', { pw: member.pw }, { token })).statusCode).toBe(200);
      for (const guess of guesses) expect((await guess()).statusCode).toBe(400);
      const sixth = await t.call(
        'user-change-password',
        { oldPw: member.pw, newPw: 'taken12345' },
        { token },
      );
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ status: 'limited', msg: 'msg3001' });
      expect(sixth.json().retryAfter).toBeGreaterThan(0);
      // Nothing changed: the old password still logs in.
      expect((await t.call('user-do-login', { id: member.id, pw: member.pw })).statusCode).toBe(200);
    });
  });
});

describe.runIf(backendAvailable)('session expiry', () => {
  const IDLE_MS = 30 * 60_000;
  const MAX_MS = 12 * 60 * 60_000;
  const t = useTestApp({ sessionIdleMs: IDLE_MS, sessionMaxMs: MAX_MS });
  const alive = async (token: string) => (await t.call('user-health-check', {}, { token })).statusCode;

  /**
   * Moves a member's session through time instead of sleeping: everything it recorded at login happened
   * `loggedInAgoMs` earlier, and its last request `lastSeenAgoMs` ago. Each test so moves one clock only.
   */
  async function travel(loginId: string, clocks: { loggedInAgoMs: number; lastSeenAgoMs: number }) {
    await queryRows(
      t.db,
      sql`update sessions set
            created_at = created_at - ${clocks.loggedInAgoMs}::float8 * interval '1 millisecond',
            expires_at = expires_at - ${clocks.loggedInAgoMs}::float8 * interval '1 millisecond',
            last_seen_at = now() - ${clocks.lastSeenAgoMs}::float8 * interval '1 millisecond'
          where member_id = (select id from members where login_id = ${loginId})`,
    );
  }

  it('ends a session left idle longer than the idle limit, long before the absolute limit', async () => {
    const { token, member } = await t.login();
    await travel(member.id, { loggedInAgoMs: 0, lastSeenAgoMs: IDLE_MS - 60_000 });
    expect(await alive(token)).toBe(200);
    await travel(member.id, { loggedInAgoMs: 0, lastSeenAgoMs: IDLE_MS + 60_000 });
    expect(await alive(token)).toBe(401);
  });

  it('ends a busy session at the absolute limit, however recent its last request', async () => {
    const { token, member } = await t.login();
    // A minute before the limit, having just made a request: alive, and the request does not extend it.
    await travel(member.id, { loggedInAgoMs: MAX_MS - 60_000, lastSeenAgoMs: 0 });
    expect(await alive(token)).toBe(200);
    // Two minutes later, still busy (last request a second ago), well inside the idle limit.
    await travel(member.id, { loggedInAgoMs: 120_000, lastSeenAgoMs: 1_000 });
    expect(await alive(token)).toBe(401);
  });
});

describe.runIf(backendAvailable)('login limits', () => {
  const t = useTestApp({
    loginMaxFailuresPerAccount: 3,
    loginMaxFailuresPerAddress: 6,
    // Long enough that a slow machine never sees it end by itself; the test ends it by moving its end back.
    loginWindowMs: 600_000,
  });

  it('locks an account after repeated failures, for known and unknown ids alike, until the window ends', async () => {
    const member = await t.register();
    for (const id of [member.id, 'ghostuser1']) {
      for (let i = 0; i < 3; i++) {
        const res = await t.call(
          'user-do-login',
          { id, pw: 'wrongpass1' },
          { remoteAddress: `10.0.0.${i + 1}` },
        );
        expect(res.json()).toMatchObject({ msg: 'msg2030' });
      }
      const locked = await t.call('user-do-login', { id, pw: member.pw }, { remoteAddress: '10.0.0.9' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ status: 'limited', msg: 'msg3001' });
      expect(locked.json().retryAfter).toBeGreaterThan(0);
    }
    await t.db.update(attemptLimits).set({ expire: new Date(Date.now() - 1_000) });
    const after = await t.call(
      'user-do-login',
      { id: member.id, pw: member.pw },
      { remoteAddress: '10.0.0.9' },
    );
    expect(after.statusCode).toBe(200);
  });

  it('counts in the database: another process on the same database sees the lock', async () => {
    const member = await t.register();
    for (let i = 0; i < 3; i++) {
      await t.call(
        'user-do-login',
        { id: member.id, pw: 'wrongpass1' },
        { remoteAddress: `10.8.0.${i + 1}` },
      );
    }
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const locked = await other.inject({
        method: 'POST',
        url: '/api/routes/user-do-login',
        headers: { origin: ORIGIN },
        payload: { id: member.id, pw: member.pw },
        remoteAddress: '10.8.0.9',
      });
      expect(locked.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('limits one address spraying many ids', async () => {
    const member = await t.register();
    for (let i = 0; i < 6; i++) {
      await t.call('user-do-login', { id: `spray${i}x`, pw: 'wrongpass1' }, { remoteAddress: '10.9.9.9' });
    }
    const res = await t.call(
      'user-do-login',
      { id: member.id, pw: member.pw },
      { remoteAddress: '10.9.9.9' },
    );
    expect(res.statusCode).toBe(429);
    const elsewhere = await t.call(
      'user-do-login',
      { id: member.id, pw: member.pw },
      { remoteAddress: '10.9.9.8' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address: a new address of it for every guess passes no limit', async () => {
    const member = await t.register();
    // Six guesses, each from another address of one /64, as any home line or cloud server can.
    const from = (i: number) => ({ remoteAddress: `2001:db8:77:1::${(i + 1).toString(16)}` });
    for (let i = 0; i < 6; i++) {
      const res = await t.call('user-do-login', { id: `sixspray${i}`, pw: 'wrongpass1' }, from(i));
      expect(res.json()).toMatchObject({ msg: 'msg2030' });
    }
    const res = await t.call('user-do-login', { id: member.id, pw: member.pw }, from(100));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 'limited', msg: 'msg3001' });
    const nextBlock = await t.call(
      'user-do-login',
      { id: member.id, pw: member.pw },
      { remoteAddress: '2001:db8:77:2::1' },
    );
    expect(nextBlock.statusCode).toBe(200);

    // The id checks too: 30 per address, then a walk of ids through the /64 stops.
    const checks = [];
    for (let i = 0; i < 31; i++) {
      const check = await t.call(
        'check-user-id',
        { id: `walk${i}free` },
        { remoteAddress: `2001:db8:77:3:${i.toString(16)}::9` },
      );
      checks.push(check.statusCode);
    }
    expect(checks.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(checks[30]).toBe(429);
  });
});
