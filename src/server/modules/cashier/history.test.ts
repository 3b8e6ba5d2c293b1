import { describe, expect, it } from 'vitest';
import { fund, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { cancelDeposit } from './deposits.service.ts';
import { approveWithdrawal } from './withdrawals.service.ts';

describe.runIf(backendAvailable)('cashier history and account requests', () => {
  const t = useTestApp();

  it('lists requests newest first with their status words, by page', async () => {
    const { token } = await t.login();
    await fund(t, token, 10_000);
    await fund(t, token, 20_000);
    const pending = (
      await t.call('apply-user-deposit', { balance: 30_000, code: nextCode() }, { token })
    ).json();
    const page1 = (await t.call('get-deposit-list', { page: 1, pageSize: 2 }, { token })).json();
    expect(page1.maxCount).toBe(3);
    expect(page1.list.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([
      [30_000, 'wait'],
      [20_000, 'already'],
    ]);
    expect(page1.list[0].decidedAt).toBeNull();
    expect(page1.list[1].decidedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const page2 = (await t.call('get-deposit-list', { page: 2, pageSize: 2 }, { token })).json();
    expect(page2.list.map((r: { amount: number }) => r.amount)).toEqual([10_000]);
    expect(pending.requestId).toBe(page1.list[0].id);
  });

  it('hides only finished requests of the member, and keeps the record', async () => {
    const { token } = await t.login();
    const other = await t.login();
    await fund(t, token, 50_000);
    const finished = (await t.call('get-deposit-list', {}, { token })).json().list[0].id;
    const waiting = (
      await t.call('apply-user-withdraw', { balance: 10_000, code: nextCode() }, { token })
    ).json().requestId;

    const notFinished = await t.call('user-del-withdraw', { id: waiting }, { token });
    expect(notFinished.statusCode).toBe(404);
    expect(notFinished.json()).toMatchObject({ msg: 'msg2054' });
    const notMine = await t.call('user-del-deposit', { id: finished }, { token: other.token });
    expect(notMine.statusCode).toBe(404);
    const wrongKind = await t.call('user-del-withdraw', { id: finished }, { token });
    expect(wrongKind.statusCode).toBe(404);

    const ok = await t.call('user-del-deposit', { id: finished }, { token });
    expect(ok.json()).toEqual({ status: 'success', msg: 'msg3034' });
    expect((await t.call('get-deposit-list', {}, { token })).json()).toMatchObject({ list: [], maxCount: 0 });

    await approveWithdrawal(t.db, waiting, { by: 'op' });
    expect((await t.call('user-del-withdraw', { id: waiting }, { token })).statusCode).toBe(200);
    const statement = (await t.call('get-user-statement', {}, { token })).json();
    expect(statement.list.length).toBeGreaterThan(0);
  });

  it('shows every ledger movement of the member in the statement, newest first', async () => {
    const { token } = await t.login();
    await fund(t, token, 80_000);
    const w = (await t.call('apply-user-withdraw', { balance: 30_000, code: nextCode() }, { token })).json();
    await approveWithdrawal(t.db, w.requestId, { by: 'op' });
    const cancelled = (
      await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token })
    ).json();
    await cancelDeposit(t.db, cancelled.requestId, { by: 'op' });

    const { list, next } = (await t.call('get-user-statement', {}, { token })).json();
    expect(next).toBeNull();
    expect(
      list.map((l: { kind: string; account: string; amount: number }) => [l.kind, l.account, l.amount]),
    ).toEqual([
      ['withdrawal', 'held', -30_000],
      ['withdraw_hold', 'cash', -30_000],
      ['withdraw_hold', 'held', 30_000],
      ['deposit', 'cash', 80_000],
    ]);
    const other = await t.login();
    expect((await t.call('get-user-statement', {}, { token: other.token })).json().list).toEqual([]);
  });

  it('takes one deposit-account request at a time (alread, msg2205)', async () => {
    const { token } = await t.login();
    expect((await t.call('user-ask-account', {}, { token })).json()).toEqual({
      status: 'success',
      msg: 'msg2005',
    });
    const again = await t.call('user-ask-account', {}, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'alread', msg: 'msg2205' });
  });
});
