import { describe, expect, it } from 'vitest';
import { memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { openSse, type SseEvent } from '../../../../test/support/sse.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { sendNote } from '../inbox/notes.service.ts';

interface State {
  user: { balance: number };
  noteCount: number;
}
const state = (event: SseEvent) => (event.event === 'state' ? (event.data as State) : undefined);

describe.runIf(backendAvailable)('live updates (Server-Sent Events)', () => {
  const t = useTestApp({}, { listen: true });
  const operators = useOperators(t);

  it('refuses a guest and a dead token with 401 and the login-needed message', async () => {
    for (const headers of [{}, { authorization: `Bearer ${'x'.repeat(43)}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/live', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'unauthorized', msg: 'msg2001' });
    }
  });

  it('sends the state at once, the balance an operator approves, a new note, and ends on logout', async () => {
    const { token } = await t.login();
    const requested = await t.call('apply-user-deposit', { balance: 30_000, code: nextCode() }, { token });
    const requestId = requested.json().requestId as number;
    const stream = await openSse(`${t.config.publicUrl}/api/live`, { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => state(e)?.user.balance === 0);

    const approved = await operators.as('cashier').post(`/api/admin/cashier/deposit/${requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    await stream.waitFor((e) => state(e)?.user.balance === 30_000, 2_000);

    const memberId = await memberIdOf(
      t.db,
      (await t.call('user-health-check', {}, { token })).json().user.userId,
    );
    await sendNote(t.db, { target: 'member', memberId, title: 'Hello', contents: 'A note', sentBy: 'test' });
    await stream.waitFor((e) => state(e)?.noteCount === 1, 2_000);

    expect((await t.call('user-logout', {}, { token })).statusCode).toBe(200);
    await stream.waitFor((e) => e.event === 'end', 2_000);
    await stream.ended;
    expect(t.app.live.size).toBe(0);
  });

  it('sends a state only when it changed', async () => {
    const { token } = await t.login();
    const stream = await openSse(`${t.config.publicUrl}/api/live`, { authorization: `Bearer ${token}` });
    await stream.waitFor((e) => e.event === 'state');
    const memberId = await memberIdOf(
      t.db,
      (await t.call('user-health-check', {}, { token })).json().user.userId,
    );
    t.app.live.handle(JSON.stringify({ k: 'members', ids: [memberId] }));
    await sendNote(t.db, { target: 'all', title: 'All', contents: 'To all', sentBy: 'test' });
    await stream.waitFor((e) => state(e)?.noteCount === 1, 2_000);
    expect(stream.events.filter((e) => e.event === 'state')).toHaveLength(2);
    stream.close();
  });
});

describe.runIf(backendAvailable)('the back office pending badge, pushed', () => {
  const t = useTestApp({}, { listen: true });
  const operators = useOperators(t);

  it("refuses a member's token", async () => {
    const { token } = await t.login();
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/api/admin/live',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('sends the counts at once and again when a deposit request and a help ticket arrive', async () => {
    const before = (await operators.as('cashier').get('/api/admin/pending-counts')).json();
    const stream = await openSse(`${t.config.publicUrl}/api/admin/live`, {
      authorization: `Bearer ${operators.token('cashier')}`,
    });
    expect(stream.status).toBe(200);
    const pending = (e: SseEvent) =>
      e.event === 'pending' ? (e.data as { deposits: number; tickets: number }) : undefined;
    await stream.waitFor((e) => pending(e)?.deposits === before.deposits);

    const { token } = await t.login();
    await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    await stream.waitFor((e) => pending(e)?.deposits === before.deposits + 1, 3_000);
    await t.call('user-write-help', { title: 'Help', contents: 'Please' }, { token });
    await stream.waitFor((e) => pending(e)?.tickets === before.tickets + 1, 3_000);
    stream.close();
  });
});

describe.runIf(backendAvailable)('a live stream and its session’s idle limit', () => {
  const IDLE_MS = 2_000;
  const t = useTestApp({ sessionIdleMs: IDLE_MS }, { listen: true });

  it('re-reading a stream’s state does not keep its session alive: it ends by idleness, and the stream with it', async () => {
    const { token } = await t.login();
    const stream = await openSse(`${t.config.publicUrl}/api/live`, { authorization: `Bearer ${token}` });
    await stream.waitFor((e) => e.event === 'state');
    const memberId = await memberIdOf(
      t.db,
      (await t.call('user-health-check', {}, { token })).json().user.userId,
    );
    // Changes keep reaching the member's stream (balances moving in another tab's game, say)…
    const until = Date.now() + IDLE_MS * 1.5;
    while (Date.now() < until) {
      t.app.live.handle(JSON.stringify({ k: 'members', ids: [memberId] }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // …but the member made no request for longer than the idle limit: the session is over.
    await stream.waitFor((e) => e.event === 'end', 2_000);
    const health = await t.call('user-health-check', {}, { token });
    expect(health.statusCode).toBe(401);
    stream.close();
  });
});
