import { describe, expect, it } from 'vitest';
import { olderRegistration } from '../../../test/support/public-api.ts';
import { sportsPlayer } from '../../../test/support/sports.ts';
import { newMember, useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { readConfig } from '../config.ts';

const AVAILABILITY_CHECKS_PER_WINDOW = readConfig({}).availabilityChecksPerWindow;

/** Enumeration limits and the headers that keep replies out of caches and features away from scripts. */
describe.runIf(backendAvailable)('small leaks', () => {
  const t = useTestApp();

  it(`answers at most ${AVAILABILITY_CHECKS_PER_WINDOW} id and nick checks per address per window`, async () => {
    const from = { remoteAddress: '10.44.0.1' };
    const replies = [];
    for (let i = 0; i < AVAILABILITY_CHECKS_PER_WINDOW + 5; i++) {
      const route = i % 2 === 0 ? 'check-user-id' : 'check-user-nick';
      const field = i % 2 === 0 ? { id: `probe${i}x` } : { nick: `probe${i}x` };
      replies.push(await t.call(route, field, from));
    }
    const codes = replies.map((r) => r.statusCode);
    expect(codes.slice(0, AVAILABILITY_CHECKS_PER_WINDOW)).toEqual(
      Array(AVAILABILITY_CHECKS_PER_WINDOW).fill(200),
    );
    expect(codes.slice(AVAILABILITY_CHECKS_PER_WINDOW)).toEqual(Array(5).fill(429));
    expect(replies.at(-1)!.json()).toMatchObject({ status: 'limited', msg: 'msg3009' });
    expect(
      (await t.call('check-user-id', { id: 'probeother1' }, { remoteAddress: '10.44.0.2' })).statusCode,
    ).toBe(200);
  });

  it('counts a registration refused for a taken id or nick as such a check: /public/ reg is no way around the limit', async () => {
    const known = await t.register();
    const from = { remoteAddress: '10.44.0.4' };
    const bank = await t.siteBank();
    // A nick known to be taken: a free id is refused for the nick, a taken one for the id, no account made.
    const probe = (id: string, i: number) =>
      i % 2 === 0
        ? t.call('user-register', newMember({ id, nick: known.nick }), from)
        : t.app.inject({
            method: 'POST',
            url: '/public/user/reg',
            remoteAddress: from.remoteAddress,
            payload: {
              ...olderRegistration({ ...newMember(), id }),
              nick: known.nick,
              code: '',
              bankname: bank,
            },
          });
    const answers = [];
    for (let i = 0; i < AVAILABILITY_CHECKS_PER_WINDOW + 3; i++) {
      const res = await probe(i % 3 === 0 ? known.id : `free${i}y`, i);
      const reply = res.json();
      answers.push(String((reply.data ?? reply).msg));
    }
    expect(new Set(answers.slice(0, AVAILABILITY_CHECKS_PER_WINDOW))).toEqual(
      new Set(['msg3011', 'msg3012']),
    );
    expect(answers.slice(AVAILABILITY_CHECKS_PER_WINDOW)).toEqual(Array(3).fill('msg3009'));

    // Registering for real from one address is not held back by it: each success gives its point back.
    const family = { remoteAddress: '10.44.0.5' };
    for (let i = 0; i < AVAILABILITY_CHECKS_PER_WINDOW + 3; i++) {
      expect((await t.call('user-register', newMember(), family)).statusCode).toBe(201);
    }
  });

  it('sends the login reply with Cache-Control: no-store, and a Permissions-Policy on every reply', async () => {
    const member = await t.register();
    const login = await t.call('user-do-login', { id: member.id, pw: member.pw });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.headers['permissions-policy']).toMatch(/camera=\(\)/);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  });
});

describe.runIf(backendAvailable)('availability checks with the limit lifted (load benchmarks)', () => {
  const t = useTestApp({ availabilityChecksPerWindow: Number.POSITIVE_INFINITY });

  it('answers every check from one address', async () => {
    const from = { remoteAddress: '10.44.0.3' };
    for (let i = 0; i < AVAILABILITY_CHECKS_PER_WINDOW + 2; i++) {
      expect((await t.call('check-user-id', { id: `free${i}x` }, from)).statusCode).toBe(200);
    }
  });
});

describe.runIf(backendAvailable)('the game windows’ APIs and caches', () => {
  const t = useTestApp({}, { seedDemo: true, listen: true });

  it('sends the sports window’s answers (balance, bets) with Cache-Control: no-store, as the games’ window’s', async () => {
    const { gameToken } = await sportsPlayer(t, 10_000);
    for (const action of ['init', 'bets']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/sports/api/${action}`,
        payload: { token: gameToken },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control'], action).toBe('no-store');
    }
    const house = await t.app.inject({
      method: 'POST',
      url: '/house/api/history',
      payload: { token: gameToken },
    });
    expect(house.headers['cache-control']).toBe('no-store');
  });
});
