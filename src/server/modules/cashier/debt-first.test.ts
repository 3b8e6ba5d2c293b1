import { describe, expect, it } from 'vitest';
import { debtOf, laterWin, wonRound } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { publicData, publicLogin } from '../../../../test/support/public-api.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';

const SECRET = 'debt-first-wallet-secret';
const PASSWORD = 'secret123'; // what t.login() registers with

/** Money must not leave while a member owes it: the debt a correction leaves comes first. */
describe.runIf(backendAvailable)('no withdrawal or move to the vault while a member owes a debt', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const operators = useOperators(t);
  const vaultOf = async (token: string) => (await t.call('get-vault', {}, { token })).json();
  const owing = (owed: number) => ({ status: 'debt', msg: 'msg3041', owed });

  /**
   * The reported case: winnings set aside in the vault, then the result is corrected, leaving a
   * 300,000 debt; the member takes the 390,000 back out of the vault (not money leaving: allowed).
   */
  async function memberOwing300k() {
    const p = await launchedPlayer(t, 100_000);
    const round = await wonRound(t, SECRET, p.gameToken, 10_000, 310_000);
    expect(
      (await t.call('vault-deposit', { amount: 390_000, code: nextCode() }, { token: p.token })).json(),
    ).toMatchObject({ status: 'success', balance: 10_000, vault: 390_000 });
    expect(await round.unsettle()).toMatchObject({ balance: 0, debt: 300_000 });
    expect((await t.call('vault-withdraw', { amount: 390_000 }, { token: p.token })).json()).toMatchObject({
      status: 'success',
      balance: 390_000,
      vault: 0,
    });
    return p;
  }
  /** Nothing left the member's cash. */
  const expectUntouched = async (token: string) => {
    expect(await vaultOf(token)).toMatchObject({ balance: 390_000, vault: 0 });
    expect((await balancesOf(t, token)).held).toBe(0);
    expect((await t.call('get-withdraw-list', {}, { token })).json().list).toEqual([]);
  };

  it('refuses the member’s withdrawal request while they owe, naming the debt', async () => {
    const p = await memberOwing300k();
    const res = await t.call(
      'apply-user-withdraw',
      { balance: 100_000, code: nextCode() },
      { token: p.token },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(owing(300_000));
    expect(res.json().message).toContain('owes 300,000');
    await expectUntouched(p.token);
  });

  it('refuses a move to the vault while the member owes', async () => {
    const p = await memberOwing300k();
    const res = await t.call('vault-deposit', { amount: 100_000, code: nextCode() }, { token: p.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(owing(300_000));
    await expectUntouched(p.token);
  });

  it('refuses the same on /public/ (apply_user_withdraw, withdrawV3, money_to_point)', async () => {
    const p = await memberOwing300k();
    const session = await publicLogin(t, p.loginId, PASSWORD);
    for (const path of ['balance/apply_user_withdraw', 'slot/withdrawV3', 'user/money_to_point']) {
      expect(await publicData(t, path, { balance: 100_000 }, { session }), path).toMatchObject(
        owing(300_000),
      );
    }
    await expectUntouched(p.token);
  });

  it('lets money leave again once a later win has repaid the debt', async () => {
    const p = await memberOwing300k();
    // The win pays the debt first (300,000 of 300,000).
    expect(await laterWin(t, SECRET, p.gameToken, 10_000, 300_000)).toMatchObject({ balance: 380_000 });
    expect(await debtOf(t, p.loginId)).toBe(0);
    expect(
      (await t.call('vault-deposit', { amount: 30_000, code: nextCode() }, { token: p.token })).json(),
    ).toMatchObject({ status: 'success', balance: 350_000, vault: 30_000 });
    const session = await publicLogin(t, p.loginId, PASSWORD);
    expect(await publicData(t, 'user/money_to_point', { balance: 20_000 }, { session })).toMatchObject({
      status: 'success',
      point: 50_000,
    });
    const res = await t.call(
      'apply-user-withdraw',
      { balance: 100_000, code: nextCode() },
      { token: p.token },
    );
    expect(res.json()).toMatchObject({ status: 'success', msg: 'msg2015' });
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 230_000, held: 100_000 });
    await expectSoundLedger(t.db);
  });

  it('a withdrawal requested before the debt cannot be approved by the cashier until the debt is repaid', async () => {
    const p = await launchedPlayer(t, 100_000);
    const round = await wonRound(t, SECRET, p.gameToken, 10_000, 210_000);
    const code = nextCode();
    const asked = await t.call('apply-user-withdraw', { balance: 300_000, code }, { token: p.token });
    expect(asked.json()).toMatchObject({ status: 'success' });
    const id = asked.json().requestId as number;
    expect(await round.unsettle()).toMatchObject({ balance: 0, debt: 210_000 });
    // The page repeating the request made before the debt gets its answer again.
    expect(
      (await t.call('apply-user-withdraw', { balance: 300_000, code }, { token: p.token })).json(),
    ).toMatchObject({ status: 'success', requestId: id });

    const approve = () => operators.as('cashier').post(`/api/admin/cashier/withdraw/${id}/approve`);
    const refused = await approve();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'debt', owed: 210_000 });
    expect(refused.json().message).toMatch(/owes 210,000 .*paying out a withdrawal is refused/);
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 0, held: 300_000 });
    expect((await t.call('get-withdraw-list', {}, { token: p.token })).json().list[0]).toMatchObject({
      id,
      status: 'wait',
    });

    // A deposit does not repay it; a win repays part: still refused, naming what is left.
    await fund(t, p.token, 20_000);
    await laterWin(t, SECRET, p.gameToken, 10_000, 100_000);
    expect(await debtOf(t, p.loginId)).toBe(110_000);
    expect((await approve()).json()).toMatchObject({ status: 'debt', owed: 110_000 });

    // The rest is repaid: the payout goes through.
    await laterWin(t, SECRET, p.gameToken, 10_000, 200_000);
    expect(await debtOf(t, p.loginId)).toBe(0);
    const approved = await approve();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ request: { id, status: 'already' } });
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 90_000, held: 0 });
    await expectSoundLedger(t.db);
  });

  it('the cashier may still reject a withdrawal while the member owes: the held amount returns to cash', async () => {
    const p = await launchedPlayer(t, 100_000);
    const round = await wonRound(t, SECRET, p.gameToken, 10_000, 110_000);
    const asked = await t.call(
      'apply-user-withdraw',
      { balance: 200_000, code: nextCode() },
      { token: p.token },
    );
    const id = asked.json().requestId as number;
    await round.unsettle();
    expect(await debtOf(t, p.loginId)).toBe(110_000);
    const rejected = await operators
      .as('cashier')
      .post(`/api/admin/cashier/withdraw/${id}/reject`, { reason: 'settlement corrected' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 200_000, held: 0 });
    expect(await debtOf(t, p.loginId)).toBe(110_000);
  });
});
