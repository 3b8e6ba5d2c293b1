import { describe, expect, it } from 'vitest';
import { fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { adminContract } from '../../../shared/contract/admin/index.ts';

describe.runIf(backendAvailable)('limits in the back office', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as, token } = useOperators(t);

  it('shows each limit, its history, limit hits and reality check answers; the dashboard counts members with limits', async () => {
    const before = (await as('support').get('/api/admin/dashboard')).json().membersWithLimits as number;
    const { token: member, member: m } = await t.login();
    const id = await memberIdOf(t.db, m.id);
    await t.call('set-limit', { kind: 'deposit', period: 'week', amount: 40_000 }, { token: member });
    await t.call('set-limit', { kind: 'deposit', period: 'week', amount: 30_000 }, { token: member });
    await t.call('set-limit', { kind: 'deposit', period: 'week', amount: 90_000 }, { token: member });
    await t.call('set-limit', { kind: 'session', period: 'session', amount: 45 }, { token: member });
    await fund(t, member, 30_000);
    const refused = await t.call(
      'apply-user-deposit',
      { balance: 10_000, code: nextCode() },
      { token: member },
    );
    expect(refused.json()).toMatchObject({ status: 'limit', msg: 'msg3112' });
    await t.call('answer-reality-check', { choice: 'logout', where: 'sportsbook' }, { token: member });

    const detail = (await as('support').get(`/api/admin/members/${id}/protection`)).json();
    expect(detail.limits).toEqual([
      expect.objectContaining({ kind: 'deposit', period: 'week', amount: 30_000, pendingAmount: 90_000 }),
      expect.objectContaining({ kind: 'session', period: 'session', amount: 45, pendingFrom: null }),
    ]);
    expect(detail.limitHistory.map((c: { action: string }) => c.action)).toEqual([
      'set',
      'increase_requested',
      'decreased',
      'set',
    ]);
    expect(detail.protectionEvents.map((e: { kind: string }) => e.kind)).toEqual([
      'reality_check',
      'limit_hit',
    ]);
    expect(detail.protectionEvents[1].detail).toMatchObject({
      limit: 'deposit',
      period: 'week',
      amount: 30_000,
    });
    expect(detail.protectionEvents[0].detail).toMatchObject({ choice: 'logout', where: 'sportsbook' });
    expect((await as('support').get('/api/admin/dashboard')).json().membersWithLimits).toBe(before + 1);
  });

  it('has no way for an operator to loosen a limit: every attempt is refused and the limit stays', async () => {
    const { token: member, member: m } = await t.login();
    const id = await memberIdOf(t.db, m.id);
    await t.call('set-limit', { kind: 'loss', period: 'day', amount: 5_000 }, { token: member });
    const owner = {
      origin: ORIGIN,
      authorization: `Bearer ${token('owner')}`,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ kind: 'loss', period: 'day', amount: null });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        `/api/admin/members/${id}/limits`,
        `/api/admin/members/${id}/limits/loss/day`,
        `/api/admin/members/${id}/protection`,
        `/api/admin/members/${id}/protection/limits`,
      ]) {
        const res = await t.app.inject({ method, url, headers: owner, payload: body });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    // The member routes need the member's own session: an operator's token is not one.
    const viaMemberApi = await t.app.inject({
      method: 'POST',
      url: '/api/routes/set-limit',
      headers: owner,
      payload: body,
    });
    expect(viaMemberApi.statusCode).toBe(401);
    // No endpoint of the admin contract writes limits: the only one naming protection is a GET. (The
    // trading desk's /sports/limits are the book's stake limits, not a member's protection.)
    const writers = Object.values(adminContract)
      .flatMap((group) => Object.values(group as Record<string, { method: string; path: string }>))
      .filter(
        (e) => e.method !== 'GET' && /limit|protection/i.test(e.path) && !e.path.startsWith('/sports/'),
      );
    expect(writers).toEqual([]);
    const detail = (await as('owner').get(`/api/admin/members/${id}/protection`)).json();
    expect(detail.limits).toEqual([expect.objectContaining({ kind: 'loss', period: 'day', amount: 5_000 })]);
  });
});
