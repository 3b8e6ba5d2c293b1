import { describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

describe.runIf(backendAvailable)('back office: account requests and the ticket queue', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const support = () => as('support');
  const account = { bank: 'KB Kookmin', accountNumber: '123-4567-8901', holder: 'Royal Casino Ltd' };

  it('answers an account request with the deposit account: the member is alerted and reads it', async () => {
    const { token, member } = await t.login();
    expect((await t.call('user-ask-account', {}, { token })).json()).toMatchObject({ msg: 'msg2005' });
    await t.call('user-write-help', { title: 'Hello', contents: 'A question' }, { token });

    const requests = (await support().get('/api/admin/support/account-requests')).json().requests;
    const mine = requests.find((r: { member: { loginId: string } }) => r.member.loginId === member.id);
    expect(mine).toMatchObject({ member: { nick: member.nick, bankOwner: member.bankOwner } });
    const queue = (await support().get('/api/admin/support/tickets?kind=account')).json().tickets;
    expect(queue.every((ticket: { kind: string }) => ticket.kind === 'account')).toBe(true);
    expect(queue.some((ticket: { id: number }) => ticket.id === mine.id)).toBe(true);

    const answered = await support().post(`/api/admin/support/account-requests/${mine.id}/answer`, {
      ...account,
      note: 'Deposit from your own account only.',
    });
    expect(answered.json()).toMatchObject({ status: 'success', ticket: { status: 'already' } });
    expect((await t.call('user-health-check', {}, { token })).json().helpCount).toBe(1);
    const help = (await t.call('get-help-list', {}, { token })).json().helps;
    const reply = help.find((h: { kind: string }) => h.kind === 'account');
    expect(reply.answer).toContain('123-4567-8901');
    expect(reply.answer).toContain('Royal Casino Ltd');
    expect(reply.answer).toContain('KB Kookmin');

    const twice = await support().post(`/api/admin/support/account-requests/${mine.id}/answer`, account);
    expect(twice.statusCode).toBe(409);
    const helpTicket = help.find((h: { kind: string }) => h.kind === 'help');
    expect(
      (await support().post(`/api/admin/support/account-requests/${helpTicket.id}/answer`, account))
        .statusCode,
    ).toBe(404);
    // Answered, the member may ask again.
    expect((await t.call('user-ask-account', {}, { token })).json()).toMatchObject({ msg: 'msg2005' });
    const audit = (await as('owner').get('/api/admin/audit?action=support.account_answer')).json().entries;
    expect(audit[0]).toMatchObject({
      target: `ticket:${mine.id}`,
      after: { accountNumber: '123-4567-8901' },
    });
  });

  it('refuses incomplete or hostile account details and changes nothing', async () => {
    const { token } = await t.login();
    await t.call('user-ask-account', {}, { token });
    const [request] = (await support().get('/api/admin/support/account-requests')).json().requests;
    const before = await snapshotAllTables(t.db, ['operator_sessions']);
    for (const body of [
      {},
      { ...account, holder: '' },
      { ...account, accountNumber: 'abc' },
      { ...account, accountNumber: 12345678 },
      { ...account, bank: 'x'.repeat(101) },
      { ...account, note: 'x'.repeat(1001) },
    ]) {
      const res = await support().post(`/api/admin/support/account-requests/${request.id}/answer`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await support().get('/api/admin/support/tickets?kind=bogus')).statusCode).toBe(400);
    expect(
      (await support().post('/api/admin/support/account-requests/999999/answer', account)).statusCode,
    ).toBe(404);
    expect(
      (
        await support().post('/api/admin/notes', {
          target: 'member',
          memberId: 999999,
          title: 'x',
          contents: 'y',
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshotAllTables(t.db, ['operator_sessions'])).toBe(before);
  });

  it('two operators answering one ticket: the first answer stands, the second is told who answered', async () => {
    const { token } = await t.login();
    await t.call('user-write-help', { title: 'Race', contents: 'Who answers?' }, { token });
    const ticket = (await support().get('/api/admin/support/tickets?kind=help'))
      .json()
      .tickets.find((row: { title: string }) => row.title === 'Race');
    const [a, b] = await Promise.all([
      support().post(`/api/admin/support/tickets/${ticket.id}/answer`, { answer: 'First' }),
      as('owner').post(`/api/admin/support/tickets/${ticket.id}/answer`, { answer: 'Second' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
    const winnerText = winner === a ? 'First' : 'Second';
    expect(loser.json().message).toMatch(/^this ticket was already answered by \w+/);
    const helps = (await t.call('get-help-list', { page: 1 }, { token })).json();
    expect(JSON.stringify(helps)).toContain(winnerText);
    expect(JSON.stringify(helps)).not.toContain(winnerText === 'First' ? 'Second' : 'First');
  });

  it('refuses to answer an account request as a plain ticket: it needs the deposit account form', async () => {
    const { token } = await t.login();
    await t.call('user-ask-account', {}, { token });
    const requests = (await support().get('/api/admin/support/account-requests')).json().requests;
    const request = requests.at(-1);
    const res = await support().post(`/api/admin/support/tickets/${request.id}/answer`, {
      answer: 'Ask later',
    });
    expect(res.statusCode).toBe(400);
    expect((await support().get('/api/admin/support/account-requests')).json().requests).toContainEqual(
      expect.objectContaining({ id: request.id }),
    );
  });
});
