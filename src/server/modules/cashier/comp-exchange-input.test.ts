import { describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import {
  balancesOf,
  expectSoundLedger,
  memberIdOf,
  nextCode,
  setCompSettings,
} from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { transfer } from '../ledger/ledger.service.ts';

/** roll-to-balance answers a fractional amount and a reused code with 4xx words, never a 500. */
describe.runIf(backendAvailable)('roll-to-balance input', () => {
  const t = useTestApp();

  async function memberWithComp(comp: number) {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    await transfer(t.db, {
      idempotencyKey: `test-comp:${memberId}`,
      from: { house: 'comp_expense' },
      to: { memberId, kind: 'comp' },
      amount: comp,
      kind: 'comp_accrual',
    });
    return token;
  }

  it('refuses a fractional amount with 400 and writes nothing', async () => {
    const token = await memberWithComp(50_000);
    const before = await snapshotAllTables(t.db, ['sessions']);
    for (const amount of [10_000.5, '10000.5', 1e-7 + 10_000]) {
      const res = await t.call('roll-to-balance', { amount, code: 'frac-1' }, { token });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid', msg: 'msg3000', field: 'amount' });
    }
    expect(await snapshotAllTables(t.db, ['sessions'])).toBe(before);
  });

  it('answers a reused code with the first result, and with another amount 409 duplicate', async () => {
    const token = await memberWithComp(50_000);
    const first = await t.call('roll-to-balance', { amount: 20_000, code: 'reuse-1' }, { token });
    expect(first.json()).toMatchObject({ status: 'success', amount: 20_000 });
    const again = await t.call('roll-to-balance', { amount: 20_000, code: 'reuse-1' }, { token });
    expect(again.json()).toMatchObject({ status: 'success', amount: 20_000 });
    const other = await t.call('roll-to-balance', { amount: 25_000, code: 'reuse-1' }, { token });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: 'duplicate', msg: 'msg3024' });
    expect(await balancesOf(t, token)).toEqual({ cash: 20_000, held: 0, comp: 30_000 });
    await expectSoundLedger(t.db);
  });

  it('with a site minimum of 0, refuses an exchange of nothing (no comp, or 0 asked) with 409 low_point, never a 500', async () => {
    await setCompSettings(t, { minExchange: 0 });
    try {
      const { token } = await t.login();
      for (const body of [{}, { amount: 0 }, { amount: '0' }, { amount: -5 }]) {
        const res = await t.call('roll-to-balance', body, { token });
        expect([res.statusCode, res.json().status], JSON.stringify(body)).toEqual([409, 'low_point']);
      }
      const funded = await memberWithComp(5_000);
      const zero = await t.call('roll-to-balance', { amount: 0 }, { token: funded });
      expect([zero.statusCode, zero.json().status]).toEqual([409, 'low_point']);
      expect(await balancesOf(t, funded)).toEqual({ cash: 0, held: 0, comp: 5_000 });
    } finally {
      await setCompSettings(t, {});
    }
    await expectSoundLedger(t.db);
  });

  it('answers a repeat of an exchange of everything as the first time, though the comp is spent', async () => {
    await setCompSettings(t, { minExchange: 200 }); // 20,000 minor units
    try {
      const token = await memberWithComp(30_000);
      const code = nextCode();
      const first = await t.call('roll-to-balance', { code }, { token });
      expect(first.json()).toMatchObject({ status: 'success', amount: 30_000 });
      // The page's answer was lost: the same request again, and the same with the amount it moved.
      for (const body of [{ code }, { code, amount: 30_000 }, { code, amount: '30000' }]) {
        const again = await t.call('roll-to-balance', body, { token });
        expect(again.json(), JSON.stringify(body)).toMatchObject({ status: 'success', amount: 30_000 });
      }
      const other = await t.call('roll-to-balance', { code, amount: 25_000 }, { token });
      expect([other.statusCode, other.json().status]).toEqual([409, 'duplicate']);
      expect(await balancesOf(t, token)).toEqual({ cash: 30_000, held: 0, comp: 0 });
    } finally {
      await setCompSettings(t, {});
    }
    await expectSoundLedger(t.db);
  });

  it.runIf(isPostgres)(
    'the same exchange of everything sent eight times at once moves the comp once',
    async () => {
      await setCompSettings(t, { minExchange: 200 });
      try {
        const token = await memberWithComp(40_000);
        const code = nextCode();
        const replies = await Promise.all(
          Array.from({ length: 8 }, () => t.call('roll-to-balance', { code }, { token })),
        );
        for (const res of replies) expect(res.json()).toMatchObject({ status: 'success', amount: 40_000 });
        expect(await balancesOf(t, token)).toEqual({ cash: 40_000, held: 0, comp: 0 });
      } finally {
        await setCompSettings(t, {});
      }
      await expectSoundLedger(t.db);
    },
  );
});
