import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { members, sites } from '../../db/schema.ts';
import { cashRequests } from './cashier.schema.ts';
import { approveDeposit, cancelDeposit } from './deposits.service.ts';

describe.runIf(backendAvailable)('deposits', () => {
  const t = useTestApp();

  it.each([
    [0, 'msg2007'],
    [-10_000, 'msg2007'],
    ['abc', 'msg2007'],
    [5_000, 'msg2008'],
    [15_000, 'msg2009'],
    [10_000.5, 'msg2009'],
    ['25000', 'msg2009'],
  ])('refuses %j with %s and records nothing', async (balance, msg) => {
    const { token } = await t.login();
    const res = await t.call('apply-user-deposit', { balance, code: nextCode() }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'invalid', msg });
    expect((await t.call('get-deposit-list', {}, { token })).json().list).toEqual([]);
  });

  it('records a request as wait, refuses a second one while it waits, and replays the same code', async () => {
    const { token } = await t.login();
    const code = nextCode();
    const first = await t.call('apply-user-deposit', { balance: '30000', code }, { token });
    expect(first.json()).toMatchObject({ status: 'success', msg: 'msg2010' });
    const again = await t.call('apply-user-deposit', { balance: 30_000, code }, { token });
    expect(again.json()).toMatchObject({ status: 'success', requestId: first.json().requestId });

    const second = await t.call('apply-user-deposit', { balance: 50_000, code: nextCode() }, { token });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: 'wait', msg: 'msg2204', ms: 'time' });

    const misuse = await t.call('apply-user-deposit', { balance: 90_000, code }, { token });
    expect(misuse.json()).toMatchObject({ status: 'duplicate', msg: 'msg3024' });

    const list = (await t.call('get-deposit-list', {}, { token })).json();
    expect(list.maxCount).toBe(1);
    expect(list.list[0]).toMatchObject({ amount: 30_000, status: 'wait' });
    expect((await balancesOf(t, token)).cash).toBe(0);
  });

  it('credits the balance on approval, once, and shows the request as already', async () => {
    const { token } = await t.login();
    const res = await t.call('apply-user-deposit', { balance: 70_000, code: nextCode() }, { token });
    const id = res.json().requestId;
    await approveDeposit(t.db, id, { by: 'cashier-1' });
    expect((await balancesOf(t, token)).cash).toBe(70_000);

    await expect(approveDeposit(t.db, id, { by: 'cashier-2' })).rejects.toMatchObject({
      status: 'already',
      httpStatus: 409,
    });
    await expect(cancelDeposit(t.db, id, { by: 'cashier-2' })).rejects.toMatchObject({ status: 'already' });
    expect((await balancesOf(t, token)).cash).toBe(70_000);
    const [row] = await t.db.select().from(cashRequests).where(eq(cashRequests.id, id));
    expect(row).toMatchObject({ status: 'already', decidedBy: 'cashier-1' });
    await expectSoundLedger(t.db);
  });

  it('cancels without moving money and lets the member ask again', async () => {
    const { token } = await t.login();
    const id = (await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token })).json()
      .requestId;
    await cancelDeposit(t.db, id, { by: 'cashier-1', reason: 'no money arrived' });
    expect((await balancesOf(t, token)).cash).toBe(0);
    const list = (await t.call('get-deposit-list', {}, { token })).json().list;
    expect(list[0]).toMatchObject({ status: 'cansel', reason: 'no money arrived' });
    const again = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    expect(again.json().status).toBe('success');
  });

  it('refuses deposits while the desk is locked or closed (status time), and for self-excluded members', async () => {
    const { token, member } = await t.login();
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    const setDesk = async (deposit: object) => {
      await t.db
        .update(sites)
        .set({ settings: { ...site!.settings, deposit } })
        .where(eq(sites.id, site!.id));
      t.app.sites.invalidate();
    };
    await setDesk({ locked: true });
    const locked = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ status: 'time', msg: 'msg3030' });
    expect((await t.call('get-balance-deposit-lock', {}, { token })).json()).toMatchObject({
      locked: true,
      open: false,
    });

    // A one-minute window that is never now: closed.
    const now = new Date();
    const hhmm = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    await setDesk({
      open: hhmm(new Date(now.getTime() + 3 * 3600_000)),
      close: hhmm(new Date(now.getTime() + 4 * 3600_000)),
    });
    const closed = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    expect(closed.json()).toMatchObject({ status: 'time' });
    await setDesk({
      open: hhmm(new Date(now.getTime() - 3600_000)),
      close: hhmm(new Date(now.getTime() + 3600_000)),
    });
    expect(
      (await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token })).json().status,
    ).toBe('success');
    await setDesk({});

    await t.db.update(members).set({ status: 'self_excluded' }).where(eq(members.loginId, member.id));
    const excluded = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
    expect(excluded.json()).toMatchObject({ status: 'forbidden', msg: 'msg3036' });
  });

  it.runIf(isPostgres)('10 concurrent approvals of one request credit exactly once', async () => {
    const { token } = await t.login();
    const id = (await t.call('apply-user-deposit', { balance: 120_000, code: nextCode() }, { token })).json()
      .requestId;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => approveDeposit(t.db, id, { by: `cashier-${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 'already' });
    }
    expect((await balancesOf(t, token)).cash).toBe(120_000);
    await expectSoundLedger(t.db);
  });

  it('funds through the helper the other tests use', async () => {
    const { token } = await t.login();
    await fund(t, token, 40_000);
    expect(await balancesOf(t, token)).toEqual({ cash: 40_000, held: 0, comp: 0 });
  });
});
