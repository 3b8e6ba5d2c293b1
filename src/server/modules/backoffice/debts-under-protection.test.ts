import { describe, expect, it } from 'vitest';
import { debtOf, wonRound } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { approveWithdrawal } from '../cashier/withdrawals.service.ts';
import type { OwingUnderProtection } from '../games/wallet/debts.service.ts';

const SECRET = 'debts-under-protection-secret';

/**
 * A member under a break or a self-exclusion who owes a debt cannot take any money out (the debt comes
 * first) and cannot play a win that would repay it: their money stays until an operator collects the
 * debt from it or writes it off. The dashboard names them, so an owner can act and the rest is returned.
 */
describe.runIf(backendAvailable)('members under protection who owe and hold money', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  const owingList = async () =>
    ((await as('owner').get('/api/admin/dashboard')).json().owingUnderProtection ??
      []) as OwingUnderProtection[];
  const listed = async (memberId: number) => (await owingList()).find((r) => r.memberId === memberId);
  const exclude = async (token: string) => {
    const res = await t.call('set-protection', { kind: 'exclusion', months: 6, confirm: true }, { token });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** 100,000 in, a 10,000 stake won 310,000, then corrected to a loss: 390,000 cash kept, 300,000 owed. */
  async function memberOwing() {
    const p = await launchedPlayer(t, 100_000);
    const round = await wonRound(t, SECRET, p.gameToken, 10_000, 310_000);
    expect(
      (await t.call('vault-deposit', { amount: 390_000, code: nextCode() }, { token: p.token })).json(),
    ).toMatchObject({ status: 'success', vault: 390_000 });
    expect(await round.unsettle()).toMatchObject({ balance: 0, debt: 300_000 });
    expect((await t.call('vault-withdraw', { amount: 390_000 }, { token: p.token })).json()).toMatchObject({
      status: 'success',
      balance: 390_000,
    });
    return { ...p, id: await memberIdOf(t.db, p.loginId) };
  }

  it('a self-excluded member without a debt withdraws as docs/protection.md promises', async () => {
    const p = await launchedPlayer(t, 100_000);
    await exclude(p.token);
    const res = await t.call(
      'apply-user-withdraw',
      { balance: 100_000, code: nextCode() },
      { token: p.token },
    );
    expect(res.json(), res.body).toMatchObject({ status: 'success' });
  });

  it('names the excluded member who owes and holds cash on the dashboard, until the owner collects', async () => {
    const p = await memberOwing();
    // Still able to play: not listed (a later win repays the debt).
    expect(await listed(p.id)).toBeUndefined();
    await exclude(p.token);

    // Nothing leaves, and nothing can be won back: the money is stuck.
    const withdraw = await t.call(
      'apply-user-withdraw',
      { balance: 100_000, code: nextCode() },
      { token: p.token },
    );
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json()).toMatchObject({ status: 'debt', owed: 300_000 });
    const vault = await t.call('vault-deposit', { amount: 100_000, code: nextCode() }, { token: p.token });
    expect(vault.json()).toMatchObject({ status: 'debt' });
    const play = await t.call(
      'open-game',
      { code: 'lucky-sevens', company: 'royal-slots' },
      { token: p.token },
    );
    expect(play.json()).toMatchObject({ status: 'excluded' });

    const dashboard = (await as('owner').get('/api/admin/dashboard')).json();
    expect(dashboard.owingUnderProtectionCount).toBe(dashboard.owingUnderProtection.length);
    expect(await listed(p.id)).toEqual({
      memberId: p.id,
      loginId: p.loginId,
      currency: expect.any(String),
      owed: 300_000,
      cash: 390_000,
      vault: 0,
      held: 0,
      protection: 'exclusion',
      until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // The owner collects the debt from the cash: the member is off the list and takes the rest out.
    const collected = await as('owner').post(`/api/admin/members/${p.id}/debt/collect`, {
      reason: 'self-excluded: balance to be returned',
      key: `collect-${nextCode()}`,
    });
    expect(collected.json(), collected.body).toMatchObject({ amount: 300_000, owedAfter: 0 });
    expect(await debtOf(t, p.loginId)).toBe(0);
    expect(await listed(p.id)).toBeUndefined();
    const rest = await t.call(
      'apply-user-withdraw',
      { balance: 90_000, code: nextCode() },
      { token: p.token },
    );
    expect(rest.json(), rest.body).toMatchObject({ status: 'success' });
    expect((await balancesOf(t, p.token)).cash).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('counts money held for a withdrawal, and leaves out a protected member who owes but holds nothing', async () => {
    // Won, asked to withdraw 140,000 of the 150,000, then the win is taken back: 10,000 from cash, 50,000
    // owed, and the cashier cannot pay the held 140,000 while the debt is open.
    const held = await launchedPlayer(t, 100_000);
    const heldId = await memberIdOf(t.db, held.loginId);
    const heldRound = await wonRound(t, SECRET, held.gameToken, 10_000, 60_000);
    const asked = await t.call(
      'apply-user-withdraw',
      { balance: 140_000, code: nextCode() },
      { token: held.token },
    );
    expect(asked.json(), asked.body).toMatchObject({ status: 'success' });
    expect(await heldRound.unsettle()).toMatchObject({ balance: 0, debt: 50_000 });
    await exclude(held.token);
    expect(await listed(heldId)).toMatchObject({ owed: 50_000, cash: 0, vault: 0, held: 140_000 });

    // Won and withdrew it all before the correction: owes 310,000, holds nothing to return.
    const gone = await launchedPlayer(t, 100_000);
    const goneId = await memberIdOf(t.db, gone.loginId);
    const goneRound = await wonRound(t, SECRET, gone.gameToken, 10_000, 310_000);
    const all = await t.call(
      'apply-user-withdraw',
      { balance: 400_000, code: nextCode() },
      { token: gone.token },
    );
    await approveWithdrawal(t.db, all.json().requestId, { by: 'op' });
    expect(await goneRound.unsettle()).toMatchObject({ balance: 0, debt: 310_000 });
    await exclude(gone.token);
    expect(await debtOf(t, gone.loginId)).toBe(310_000);
    expect(await listed(goneId)).toBeUndefined();
  });
});
