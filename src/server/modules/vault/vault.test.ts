import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

describe.runIf(backendAvailable)('the member vault', () => {
  const t = useTestApp();
  const vaultOf = async (token: string) => (await t.call('get-vault', {}, { token })).json();

  it('moves cash in and out; the same code again moves once; another amount under it is refused', async () => {
    const { token } = await t.login();
    await fund(t, token, 50_000);
    const code = nextCode();
    const first = await t.call('vault-deposit', { amount: 30_000, code }, { token });
    expect(first.json()).toMatchObject({ status: 'success', balance: 20_000, vault: 30_000 });
    const again = await t.call('vault-deposit', { amount: 30_000, code }, { token });
    expect(again.json()).toMatchObject({ status: 'success', vault: 30_000 });
    const misuse = await t.call('vault-deposit', { amount: 10_000, code }, { token });
    expect(misuse.statusCode).toBe(409);
    expect(misuse.json()).toMatchObject({ status: 'duplicate' });
    expect((await t.call('vault-withdraw', { amount: 12_345 }, { token })).json()).toMatchObject({
      balance: 32_345,
      vault: 17_655,
    });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 32_345 });
    await expectSoundLedger(t.db);
  });

  it('never goes below zero, even with many moves at once', async () => {
    const { token } = await t.login();
    await fund(t, token, 50_000);
    await t.call('vault-deposit', { amount: 50_000 }, { token });
    const outs = await Promise.all(
      Array.from({ length: 8 }, () => t.call('vault-withdraw', { amount: 10_000 }, { token })),
    );
    expect(outs.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const refused of outs.filter((r) => r.statusCode !== 200)) {
      expect(refused.json()).toMatchObject({ status: 'balance', msg: 'msg2016' });
    }
    expect(await vaultOf(token)).toMatchObject({ balance: 50_000, vault: 0 });
    expect((await t.call('vault-withdraw', { amount: 1 }, { token })).statusCode).toBe(409);
    expect((await t.call('vault-deposit', { amount: 50_001 }, { token })).json()).toMatchObject({
      status: 'balance',
    });
    for (const amount of [0, -5, 1.5]) {
      expect((await t.call('vault-deposit', { amount }, { token })).statusCode, String(amount)).toBe(400);
    }
    await expectSoundLedger(t.db);
  });

  it('asks for a session', async () => {
    expect((await t.call('get-vault', {})).statusCode).toBe(401);
  });
});
