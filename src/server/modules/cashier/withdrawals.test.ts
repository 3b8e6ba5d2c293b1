import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { paymentOptions, sites } from '../../db/schema.ts';
import { approveWithdrawal, rejectWithdrawal } from './withdrawals.service.ts';

describe.runIf(backendAvailable)('withdrawals', () => {
  const t = useTestApp();

  it.each([
    [15_000, 'msg2013'],
    [5_000, 'msg2013'],
    [10_000.5, 'msg2013'],
    [0, 'msg2014'],
    [-10_000, 'msg2014'],
    ['x', 'msg2014'],
  ])('refuses %j with %s', async (balance, msg) => {
    const { token } = await t.login();
    await fund(t, token, 100_000);
    const res = await t.call('apply-user-withdraw', { balance, code: nextCode() }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'invalid', msg });
    expect(await balancesOf(t, token)).toEqual({ cash: 100_000, held: 0, comp: 0 });
  });

  it('keeps to the chosen payout option’s minimum and maximum, but answers a repeat as it did', async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    const [option] = await t.db
      .insert(paymentOptions)
      .values({
        siteId: site!.id,
        direction: 'withdraw',
        kind: 'bank',
        provider: 'sandbox',
        name: 'Small payouts',
        minAmount: 20_000,
        maxAmount: 100_000,
      })
      .returning();
    const { token } = await t.login();
    await fund(t, token, 1_000_000);
    for (const balance of [900_000, 10_000]) {
      const res = await t.call(
        'apply-user-withdraw',
        { balance, code: nextCode(), idx: option!.id },
        { token },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 'invalid',
        msg: 'msg3035',
        minAmount: 20_000,
        maxAmount: 100_000,
      });
    }
    expect(await balancesOf(t, token)).toEqual({ cash: 1_000_000, held: 0, comp: 0 });
    expect((await t.call('get-withdraw-list', {}, { token })).json().list).toEqual([]);

    const ask = { balance: 100_000, code: nextCode(), idx: option!.id };
    const first = await t.call('apply-user-withdraw', ask, { token });
    expect(first.json()).toMatchObject({ status: 'success' });
    // The operator lowers the maximum after the request: the member's retry still gets its answer.
    await t.db.update(paymentOptions).set({ maxAmount: 50_000 }).where(eq(paymentOptions.id, option!.id));
    const again = await t.call('apply-user-withdraw', ask, { token });
    expect(again.json()).toMatchObject({ status: 'success', requestId: first.json().requestId });
    expect(await balancesOf(t, token)).toEqual({ cash: 900_000, held: 100_000, comp: 0 });
  });

  it('refuses more than the cash balance with status balance (msg2016) and changes nothing', async () => {
    const { token } = await t.login();
    await fund(t, token, 30_000);
    const res = await t.call('apply-user-withdraw', { balance: 40_000, code: nextCode() }, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'balance', msg: 'msg2016', balance: 30_000 });
    expect(await balancesOf(t, token)).toEqual({ cash: 30_000, held: 0, comp: 0 });
    expect((await t.call('get-withdraw-list', {}, { token })).json().list).toEqual([]);
  });

  it('holds the amount at once, refuses a second request while one waits, and pays out on approval', async () => {
    const { token } = await t.login();
    await fund(t, token, 100_000);
    const code = nextCode();
    const res = await t.call('apply-user-withdraw', { balance: 60_000, code }, { token });
    expect(res.json()).toMatchObject({ status: 'success', msg: 'msg2015' });
    expect(await balancesOf(t, token)).toEqual({ cash: 40_000, held: 60_000, comp: 0 });

    const replay = await t.call('apply-user-withdraw', { balance: 60_000, code }, { token });
    expect(replay.json()).toMatchObject({ status: 'success', requestId: res.json().requestId });
    const second = await t.call('apply-user-withdraw', { balance: 10_000, code: nextCode() }, { token });
    expect(second.json()).toMatchObject({ status: 'wait', ms: 'time', msg: 'msg2204' });
    expect(await balancesOf(t, token)).toEqual({ cash: 40_000, held: 60_000, comp: 0 });

    await approveWithdrawal(t.db, res.json().requestId, { by: 'cashier-1' });
    expect(await balancesOf(t, token)).toEqual({ cash: 40_000, held: 0, comp: 0 });
    await expect(rejectWithdrawal(t.db, res.json().requestId, { by: 'cashier-2' })).rejects.toMatchObject({
      status: 'already',
    });
    const list = (await t.call('get-withdraw-list', {}, { token })).json().list;
    expect(list[0]).toMatchObject({ amount: 60_000, status: 'already' });
    await expectSoundLedger(t.db);
  });

  it('returns the held amount to cash on rejection', async () => {
    const { token } = await t.login();
    await fund(t, token, 50_000);
    const id = (await t.call('apply-user-withdraw', { balance: 50_000, code: nextCode() }, { token })).json()
      .requestId;
    expect(await balancesOf(t, token)).toEqual({ cash: 0, held: 50_000, comp: 0 });
    await rejectWithdrawal(t.db, id, { by: 'cashier-1', reason: 'bank details do not match' });
    expect(await balancesOf(t, token)).toEqual({ cash: 50_000, held: 0, comp: 0 });
    expect((await t.call('get-withdraw-list', {}, { token })).json().list[0]).toMatchObject({
      status: 'cansel',
      reason: 'bank details do not match',
    });
  });

  it('refuses withdrawals while the withdrawal desk is locked (status time) and reports it', async () => {
    const { token } = await t.login();
    await fund(t, token, 20_000);
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    await t.db
      .update(sites)
      .set({ settings: { ...site!.settings, withdraw: { locked: true } } })
      .where(eq(sites.id, site!.id));
    t.app.sites.invalidate();
    const res = await t.call('apply-user-withdraw', { balance: 10_000, code: nextCode() }, { token });
    expect(res.json()).toMatchObject({ status: 'time', msg: 'msg3031' });
    expect((await t.call('get-balance-withdraw-lock', {}, { token })).json()).toMatchObject({
      locked: true,
      open: false,
    });
    expect((await t.call('get-balance-deposit-lock', {}, { token })).json()).toMatchObject({
      locked: false,
      open: true,
    });
    expect(await balancesOf(t, token)).toEqual({ cash: 20_000, held: 0, comp: 0 });
    await t.db.update(sites).set({ settings: site!.settings }).where(eq(sites.id, site!.id));
    t.app.sites.invalidate();
  });

  it.runIf(isPostgres)(
    '32 concurrent clients × 50 attempts against 10 funded members: no overdraft, exactly the expected successes',
    async () => {
      const UNIT = 10_000;
      const FUNDED_UNITS = 7;
      const funded = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const { token } = await t.login();
          await fund(t, token, FUNDED_UNITS * UNIT);
          return token;
        }),
      );
      let successes = 0;
      const refusals: Record<string, number> = {};
      const client = async (c: number) => {
        for (let attempt = 0; attempt < 50; attempt++) {
          const token = funded[(c + attempt) % funded.length]!;
          const res = await t.call(
            'apply-user-withdraw',
            { balance: UNIT, code: `c${c}a${attempt}` },
            { token },
          );
          const body = res.json();
          if (body.status === 'success') {
            // The operator pays it straight away, so the member may ask again.
            await approveWithdrawal(t.db, body.requestId, { by: `op-${c}` });
            successes++;
          } else {
            expect(['balance', 'wait'], res.body).toContain(body.status);
            refusals[body.status] = (refusals[body.status] ?? 0) + 1;
          }
        }
      };
      await Promise.all(Array.from({ length: 32 }, (_, c) => client(c)));
      expect(successes).toBe(funded.length * FUNDED_UNITS);
      expect(successes + (refusals.balance ?? 0) + (refusals.wait ?? 0)).toBe(32 * 50);
      for (const token of funded) expect(await balancesOf(t, token)).toEqual({ cash: 0, held: 0, comp: 0 });
      await expectSoundLedger(t.db);
    },
  );
});
