import { describe, expect, it } from 'vitest';
import { FRONT_ORIGIN, publicCall, publicData, publicLogin } from '../../../../test/support/public-api.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

describe.runIf(backendAvailable)('/public/ transport', () => {
  const t = useTestApp();

  it('logs in with {id, pw}, answers the token as `session` in {data:{...}} and sets no cookie', async () => {
    const member = await t.register();
    const res = await publicCall(t, 'user/do_login', { id: member.id, pw: member.pw });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { data } = res.json();
    expect(data).toMatchObject({ status: 'success', id: member.id, userId: member.id });
    expect(data.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers a refused login, a refusal and an expired session with HTTP 200 and their status', async () => {
    const member = await t.register();
    const refused = await publicCall(t, 'user/do_login', { id: member.id, pw: 'wrong-password1' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 'invalid', msg: 'msg2030' });

    const session = await publicLogin(t, member.id, member.pw);
    const overdraw = await publicCall(t, 'balance/apply_user_withdraw', { balance: 10_000 }, { session });
    expect(overdraw.statusCode).toBe(200);
    expect(overdraw.json().data).toMatchObject({ status: 'balance', msg: 'msg2016' });

    await t.call('user-logout', {}, { token: session });
    const expired = await publicCall(t, 'user/user_health_check', {}, { session });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().data).toMatchObject({ status: 'unauthorized', msg: 'msg2001' });
  });

  it('reads the session only from the `session` header: missing, unknown or `undefined` is a guest', async () => {
    const member = await t.register();
    const session = await publicLogin(t, member.id, member.pw);
    expect((await publicData(t, 'user/user_health_check', {}, { session })).status).toBe('success');
    for (const guest of [undefined, 'undefined', 'A'.repeat(43), '']) {
      const data = await publicData(t, 'user/user_health_check', {}, { session: guest });
      expect(data, String(guest)).toMatchObject({ status: 'unauthorized' });
    }
    // A bearer header or cookie is not read on /public/.
    const bearer = await publicData(
      t,
      'user/user_health_check',
      {},
      {
        headers: { authorization: `Bearer ${session}`, cookie: `sid=${session}` },
      },
    );
    expect(bearer.status).toBe('unauthorized');
  });

  it('matches the module without regard to case, ignores an empty `?`, keeps names exact', async () => {
    const member = await t.register();
    for (const path of ['User/do_login', 'USER/do_login', 'user/do_login?']) {
      const data = await publicData(t, path, { id: member.id, pw: member.pw });
      expect(data.status, path).toBe('success');
    }
    const wrongName = await publicCall(t, 'user/DO_LOGIN', { id: member.id, pw: member.pw });
    expect(wrongName.statusCode).toBe(404);
    expect(wrongName.json().data).toMatchObject({ status: 'not_found' });
    const unknownModule = await publicCall(t, 'nothing/do_login', {});
    expect(unknownModule.statusCode).toBe(404);
    expect((await publicCall(t, 'toString/constructor', {})).statusCode).toBe(404);
  });

  it('takes a POST with no body and no content type as {}', async () => {
    const member = await t.register();
    const session = await publicLogin(t, member.id, member.pw);
    const bare = await publicCall(t, 'user/user_health_check', undefined, { session, bare: true });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toMatchObject({ status: 'success', user: { userId: member.id } });
    const guestList = await publicCall(t, 'slot/get_slot_setting', undefined, { bare: true });
    expect(guestList.json().data.status).toBe('success');
  });

  it('accepts application/json with and without a charset', async () => {
    for (const type of [
      'application/json',
      'application/json;charset=UTF-8',
      'application/json; charset=utf-8',
    ]) {
      const data = await publicData(t, 'slot/get_casino_setting', {}, { headers: { 'content-type': type } });
      expect(data.status, type).toBe('success');
    }
  });

  it('answers unreadable requests with a 4xx in the same envelope, never a 5xx', async () => {
    const cases = [
      { payload: '{"id": ', type: 'application/json' },
      { payload: 'id=a', type: 'application/x-www-form-urlencoded' },
      { payload: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }), type: 'application/json' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/public/user/do_login',
        headers: { origin: FRONT_ORIGIN, 'content-type': c.type },
        payload: c.payload,
      });
      expect(res.statusCode, c.type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.type).toBeLessThan(500);
      expect(res.json().data.status).not.toBe('success');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // A path the router cannot read: the same envelope and CORS header, not Fastify's own reply.
    for (const url of ['/public/%E0%A4%A/x', '/public/user/%E0', `/public/${'m'.repeat(150)}/x`]) {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: FRONT_ORIGIN }, payload: {} });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().data, url).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    const get = await t.app.inject({ method: 'GET', url: '/public/user/do_login' });
    expect(get.statusCode).toBe(405);
    expect(get.json().data).toMatchObject({ status: 'method_not_allowed' });
  });

  it('answers a CORS preflight and puts Access-Control-Allow-Origin on every reply', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/public/user/do_login',
      headers: {
        origin: FRONT_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,session',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(200);
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/content-type.*session/);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    const reply = await publicCall(t, 'slot/get_slot_setting', {});
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    const refusal = await publicCall(t, 'user/user_health_check', {});
    expect(refusal.headers['access-control-allow-origin']).toBe('*');
    // No CSRF origin check here: a foreign Origin is the normal case.
    expect(refusal.json().data.status).toBe('unauthorized');
  });
});
