import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

type Change = { what: 'password' | 'bank'; at: string };
type Queued = { id: number; kind: string; accountChanges: Change[] };

/**
 * A stolen session can set a new password without the old one (the older front ends' set) and then
 * change the bank account withdrawals are paid to. Withdrawals are decided by a cashier, so the queue
 * names such changes beside the request: what changed and when.
 */
describe.runIf(backendAvailable)('the cashier queue names recent account changes beside a withdrawal', () => {
  const t = useTestApp();
  const { as } = useOperators(t);

  async function withdrawing(token: string, amount = 10_000): Promise<number> {
    const res = await t.call('apply-user-withdraw', { balance: amount, code: nextCode() }, { token });
    expect(res.json()).toMatchObject({ status: 'success' });
    return res.json().requestId;
  }
  async function queued(id: number): Promise<Queued> {
    const all = (await as('cashier').get('/api/admin/cashier/pending?limit=200')).json().requests as Queued[];
    const found = all.find((r) => r.id === id);
    if (!found) throw new Error(`request ${id} is not in the queue`);
    return found;
  }
  const newBank = { bankname: 'Woori Bank', bankOwner: 'Somebody Else', banknum: '999-877-7776' };

  it('a password set without the current one, then a new bank: both, with when', async () => {
    const { token } = await t.login();
    await fund(t, token, 100_000);
    const before = Date.now();
    const set = await t.call('user-set-password', { pw: 'taken-over-1' }, { token });
    expect(set.json()).toMatchObject({ status: 'success' });
    const bank = await t.call('user-change-bank', { ...newBank, pw: 'taken-over-1' }, { token });
    expect(bank.json()).toMatchObject({ status: 'success' });
    const request = await queued(await withdrawing(token));
    expect(request.accountChanges.map((c) => c.what).sort()).toEqual(['bank', 'password']);
    for (const change of request.accountChanges) {
      expect(Date.parse(change.at)).toBeGreaterThanOrEqual(before - 1_000);
    }
  });

  it('a password changed with the current one is not named; a deposit names nothing', async () => {
    const { token, member } = await t.login();
    await fund(t, token, 100_000);
    const changed = await t.call(
      'user-change-password',
      { oldPw: member.pw, newPw: 'changed-ok-2' },
      { token },
    );
    expect(changed.json()).toMatchObject({ status: 'success' });
    const plain = await withdrawing(token);
    expect((await queued(plain)).accountChanges).toEqual([]);
    await as('cashier').post(`/api/admin/cashier/withdraw/${plain}/reject`, { reason: 'test' });
    await t.call('user-set-password', { pw: 'taken-over-2' }, { token });
    const deposit = await t.call('apply-user-deposit', { balance: 50_000, code: nextCode() }, { token });
    expect((await queued(deposit.json().requestId)).accountChanges).toEqual([]);
  });

  it('an operator’s reset is named; a change over 72 hours before the request is not', async () => {
    const { token, member } = await t.login();
    await fund(t, token, 100_000);
    const memberId = await memberIdOf(t.db, member.id);
    const reset = await as('owner').post(`/api/admin/members/${memberId}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const session = await t.call('user-do-login', { id: member.id, pw: reset.json().password });
    const fresh = session.json().token as string;
    expect(fresh).toBeTruthy();
    const request = await queued(await withdrawing(fresh));
    expect(request.accountChanges.map((c) => c.what)).toEqual(['password']);
    const rejected = await as('cashier').post(`/api/admin/cashier/withdraw/${request.id}/reject`, {
      reason: 'test',
    });
    expect(rejected.statusCode).toBe(200);

    // Three days and an hour later the same reset no longer stands beside a new request.
    await queryRows(
      t.db,
      sql`update members set password_reset_at = now() - interval '73 hours' where id = ${memberId}`,
    );
    expect((await queued(await withdrawing(fresh))).accountChanges).toEqual([]);
  });
});
