import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';

describe.runIf(backendAvailable)("the member's own pending requests: cancel, refusal reasons, news", () => {
  const t = useTestApp();
  const { as } = useOperators(t);

  const withdraw = async (token: string, balance: number) =>
    (await t.call('apply-user-withdraw', { balance, code: nextCode() }, { token })).json()
      .requestId as number;
  const deposit = async (token: string, balance: number) =>
    (await t.call('apply-user-deposit', { balance, code: nextCode() }, { token })).json().requestId as number;
  const listOf = async (token: string, kind: 'deposit' | 'withdraw') =>
    (await t.call(kind === 'deposit' ? 'get-deposit-list' : 'get-withdraw-list', {}, { token })).json().list;
  const notesOf = async (token: string) =>
    (await t.call('get-note-list', { page: 1, pageSize: 20 }, { token })).json().notes;

  it('cancels a pending withdrawal: the held amount is back in cash at once and the row reads cansel', async () => {
    const { token } = await t.login();
    await fund(t, token, 100_000);
    const id = await withdraw(token, 40_000);
    expect(await balancesOf(t, token)).toMatchObject({ cash: 60_000, held: 40_000 });

    const res = await t.call('user-cancel-withdraw', { id }, { token });
    expect(res.json(), res.body).toEqual({ status: 'success', msg: 'msg3050' });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 100_000, held: 0 });
    expect((await listOf(token, 'withdraw'))[0]).toMatchObject({
      id,
      status: 'cansel',
      cancelledBy: 'member',
      reason: null,
    });
    // Once: a second cancel is refused and moves nothing; a new request is possible again.
    const again = await t.call('user-cancel-withdraw', { id }, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'msg3051' });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 100_000, held: 0 });
    expect(await withdraw(token, 10_000)).toBeGreaterThan(id);
    await expectSoundLedger(t.db);
  });

  it("cancels a pending bank deposit; refuses another member's request and a decided one", async () => {
    const { token } = await t.login();
    const other = await t.login();
    const id = await deposit(token, 50_000);
    const foreign = await t.call('user-cancel-deposit', { id }, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect((await listOf(token, 'deposit'))[0]).toMatchObject({ status: 'wait', resumable: false });

    expect((await t.call('user-cancel-deposit', { id }, { token })).statusCode).toBe(200);
    expect((await listOf(token, 'deposit'))[0]).toMatchObject({ status: 'cansel', cancelledBy: 'member' });
    // The member is no longer blocked by msg2204.
    expect(await deposit(token, 20_000)).toBeGreaterThan(id);
    // An approved request cannot be cancelled.
    const approved = (await listOf(token, 'deposit'))[0].id;
    expect((await as('cashier').post(`/api/admin/cashier/deposit/${approved}/approve`, {})).statusCode).toBe(
      200,
    );
    expect((await t.call('user-cancel-deposit', { id: approved }, { token })).statusCode).toBe(409);
    expect((await balancesOf(t, token)).cash).toBe(20_000);
  });

  it('refuses hostile or malformed ids with a 4xx', async () => {
    const { token } = await t.login();
    for (const body of [{}, { id: -1 }, { id: 'x' }, { id: 1.5 }, { id: 2 ** 60 }]) {
      const res = await t.call('user-cancel-withdraw', body, { token });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const res = await t.call('resume-deposit-payment', { id: 999_999 }, { token });
    expect(res.statusCode).toBe(404);
    expect((await t.call('user-cancel-deposit', { id: 1 })).statusCode).toBe(401);
  });

  it("shows an operator's refusal reason in the list and sends a note, for deposits and withdrawals", async () => {
    const { token } = await t.login();
    await fund(t, token, 100_000);
    const dep = await deposit(token, 30_000);
    const wd = await withdraw(token, 50_000);
    const cashier = as('cashier');
    expect(
      (await cashier.post(`/api/admin/cashier/deposit/${dep}/reject`, { reason: 'No transfer received' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await cashier.post(`/api/admin/cashier/withdraw/${wd}/reject`, { reason: 'Bank name differs' }))
        .statusCode,
    ).toBe(200);
    expect((await listOf(token, 'deposit'))[0]).toMatchObject({
      id: dep,
      status: 'cansel',
      cancelledBy: 'operator',
      reason: 'No transfer received',
    });
    expect((await listOf(token, 'withdraw'))[0]).toMatchObject({ id: wd, reason: 'Bank name differs' });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 100_000, held: 0 });

    const notes = await notesOf(token);
    expect(notes.slice(0, 3)).toMatchObject([
      { msgKey: 'withdrawRefused', msgParams: { amount: 50_000, reason: 'Bank name differs' }, read: false },
      { msgKey: 'depositRefused', msgParams: { amount: 30_000, reason: 'No transfer received' } },
      { msgKey: 'depositCredited', msgParams: { amount: 100_000 } },
    ]);
    // Older front ends read the stored text, in the site's language (Thai), with the reason.
    expect(notes[0].contents).toContain('Bank name differs');
    expect(notes[0].contents).toContain('50,000');
    // The live stream's newest news is the last refusal.
    const health = (await t.call('user-health-check', {}, { token })).json();
    expect(health.news).toMatchObject({ key: 'withdrawRefused', params: { amount: 50_000 } });
    expect(health.noteCount).toBe(3);
  });

  it('a rejection without a reason is refused', async () => {
    const { token } = await t.login();
    const dep = await deposit(token, 30_000);
    const res = await as('cashier').post(`/api/admin/cashier/deposit/${dep}/reject`, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect((await listOf(token, 'deposit'))[0]).toMatchObject({ status: 'wait' });
  });

  it('tells the member of a paid withdrawal and of a correction', async () => {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    await fund(t, token, 100_000);
    const wd = await withdraw(token, 20_000);
    await as('cashier').post(`/api/admin/cashier/withdraw/${wd}/approve`, {});
    const adjusted = await as('owner').post(`/api/admin/members/${memberId}/adjust`, {
      amount: -5_000,
      reason: 'Duplicate bonus',
      key: nextCode(),
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const notes = await notesOf(token);
    expect(notes.slice(0, 2)).toMatchObject([
      { msgKey: 'correction', msgParams: { amount: -5_000, reason: 'Duplicate bonus' } },
      { msgKey: 'withdrawPaid', msgParams: { amount: 20_000 } },
    ]);
  });

  describe.runIf(isPostgres)('races', () => {
    it('a member cancelling while an operator approves the same withdrawal: exactly one of them', async () => {
      for (let round = 0; round < 6; round++) {
        const { token } = await t.login();
        await fund(t, token, 100_000);
        const id = await withdraw(token, 60_000);
        const [cancel, approve] = await Promise.all([
          t.call('user-cancel-withdraw', { id }, { token }),
          as('cashier').post(`/api/admin/cashier/withdraw/${id}/approve`, {}),
        ]);
        expect([cancel.statusCode, approve.statusCode].sort(), `${cancel.body} ${approve.body}`).toEqual([
          200, 409,
        ]);
        const row = (await listOf(token, 'withdraw'))[0];
        const balances = await balancesOf(t, token);
        if (cancel.statusCode === 200) {
          expect(row.status).toBe('cansel');
          expect(balances).toMatchObject({ cash: 100_000, held: 0 });
        } else {
          expect(row.status).toBe('already');
          expect(balances).toMatchObject({ cash: 40_000, held: 0 });
        }
      }
      await expectSoundLedger(t.db);
    });

    it('a member cancelling while an operator approves the same deposit: exactly one of them', async () => {
      for (let round = 0; round < 6; round++) {
        const { token } = await t.login();
        const id = await deposit(token, 30_000);
        const [cancel, approve] = await Promise.all([
          t.call('user-cancel-deposit', { id }, { token }),
          as('cashier').post(`/api/admin/cashier/deposit/${id}/approve`, {}),
        ]);
        expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
        expect((await balancesOf(t, token)).cash).toBe(cancel.statusCode === 200 ? 0 : 30_000);
      }
      await expectSoundLedger(t.db);
    });
  });
});
