import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { GUEST_TICKETS_PER_HOUR } from '../accounts/attempt-limits.ts';
import { answerTicket } from './help-tickets.service.ts';

describe.runIf(backendAvailable)('help tickets', () => {
  const t = useTestApp();
  const health = async (token: string) => (await t.call('user-health-check', {}, { token })).json();

  it.each([
    [{ contents: 'hello' }, 'msg2024', 'title'],
    [{ title: '   ', contents: 'hello' }, 'msg2024', 'title'],
    [{ title: 'Deposit', contents: '' }, 'msg2025', 'contents'],
    [{ title: 'Deposit' }, 'msg2025', 'contents'],
    [{ title: 'x'.repeat(101), contents: 'hello' }, 'msg2024', 'title'],
    [{ title: 'Deposit', contents: 'x'.repeat(5_001) }, 'msg2025', 'contents'],
  ])('refuses %j with %s', async (body, msg, field) => {
    const { token } = await t.login();
    const res = await t.call('user-write-help', body, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'invalid', msg, field });
    expect((await t.call('get-help-list', {}, { token })).json().maxCount).toBe(0);
  });

  it('writes, lists newest first, counts an answer until it is read, and deletes all', async () => {
    const { token } = await t.login();
    for (const title of ['First', 'Second', 'Third']) {
      const res = await t.call('user-write-help', { title, contents: `About ${title}` }, { token });
      expect(res.json()).toEqual({ status: 'success', msg: 'msg2026' });
    }
    const page = (await t.call('get-help-list', { page: 1, pageSize: 2 }, { token })).json();
    expect(page.maxCount).toBe(3);
    expect(page.helps.map((h: { title: string }) => h.title)).toEqual(['Third', 'Second']);
    expect(page.helps[0]).toMatchObject({
      status: 'wait',
      answer: null,
      read: true,
      contents: 'About Third',
    });
    expect(page.helps[0].lastDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await health(token)).helpCount).toBe(0);

    const second = page.helps[1].id;
    await answerTicket(t.db, second, 'support-1', 'Your deposit arrived.');
    expect((await health(token)).helpCount).toBe(1);
    const answered = (await t.call('get-help-list', {}, { token })).json().helps[1];
    expect(answered).toMatchObject({ status: 'already', answer: 'Your deposit arrived.', read: false });

    expect((await t.call('read-help-message', { id: second }, { token })).json()).toEqual({
      status: 'success',
    });
    expect((await health(token)).helpCount).toBe(0);

    const del = await t.call('del-all-help', {}, { token });
    expect(del.json()).toEqual({ status: 'success', msg: 'msg2053' });
    expect((await t.call('get-help-list', {}, { token })).json()).toMatchObject({ helps: [], maxCount: 0 });
  });

  it('takes a guest ticket with contact details, a few per address per hour', async () => {
    const body = {
      name: 'Visitor',
      contact: 'visitor@example.com',
      title: 'Cannot register',
      contents: 'Help',
    };
    for (let i = 0; i < GUEST_TICKETS_PER_HOUR; i++) {
      const res = await t.call('none-login-write', body, { remoteAddress: '10.1.1.1' });
      expect(res.json()).toEqual({ status: 'success', msg: 'msg2026' });
    }
    const limited = await t.call('none-login-write', body, { remoteAddress: '10.1.1.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'limited', msg: 'msg2027' });
    expect((await t.call('none-login-write', body, { remoteAddress: '10.1.1.2' })).statusCode).toBe(200);
    const missing = await t.call('none-login-write', { ...body, title: '' }, { remoteAddress: '10.1.1.3' });
    expect(missing.json()).toMatchObject({ msg: 'msg2024' });
  });
});
