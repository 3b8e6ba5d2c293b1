import { describe, expect, it } from 'vitest';
import { debtOf, wonRound } from '../../../../test/support/debt.ts';
import { expectSoundLedger, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { memberBalances } from '../ledger/ledger.service.ts';

const SECRET = 'vault-races-secret';

/** The vault against everything else that moves the same cash at once, on PostgreSQL's real concurrency. */
describe.runIf(isPostgres)('the vault racing bets, withdrawals and corrections', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });

  it('bets, withdrawal requests and vault moves of one member at once: each applies whole or not at all', async () => {
    const p = await launchedPlayer(t, 1_000_000);
    const id = await memberIdOf(t.db, p.loginId);
    const stakes = Array.from({ length: 10 }, () => walletIds());
    const replies = await Promise.all([
      ...stakes.map((ids) =>
        walletRequest(t, 'bet', { ...ids, token: p.gameToken, amount: 100_000 }, SECRET).then((r) => ({
          kind: 'bet',
          ok: r.json().status === 'success',
        })),
      ),
      ...Array.from({ length: 10 }, () =>
        t
          .call('vault-deposit', { amount: 100_000 }, { token: p.token })
          .then((r) => ({ kind: 'vault', ok: r.statusCode === 200 })),
      ),
      t
        .call('apply-user-withdraw', { balance: 100_000, code: nextCode() }, { token: p.token })
        .then((r) => ({ kind: 'withdraw', ok: r.statusCode === 200 })),
    ]);
    const applied = (kind: string) => replies.filter((r) => r.kind === kind && r.ok).length;
    const b = await memberBalances(t.db, id);
    expect(b.vault).toBe(applied('vault') * 100_000);
    expect(b.held).toBe(applied('withdraw') * 100_000);
    expect(b.cash).toBe(1_000_000 - (applied('bet') + applied('vault') + applied('withdraw')) * 100_000);
    expect(b.cash).toBeGreaterThanOrEqual(0);
    // The same code again and again, at once: one move.
    const code = nextCode();
    const again = await Promise.all(
      Array.from({ length: 8 }, () => t.call('vault-withdraw', { amount: 1, code }, { token: p.token })),
    );
    expect(again.every((r) => r.statusCode === 200)).toBe(true);
    expect((await memberBalances(t.db, id)).vault).toBe(b.vault - 1);
    await expectSoundLedger(t.db);
  });

  it('a correction that leaves a debt, racing moves into the vault: none lands after the debt', async () => {
    const p = await launchedPlayer(t, 100_000);
    const id = await memberIdOf(t.db, p.loginId);
    const won = await wonRound(t, SECRET, p.gameToken, 100_000, 1_000_000);
    const [correction, ...moves] = await Promise.all([
      won.unsettle(),
      ...Array.from({ length: 6 }, () => t.call('vault-deposit', { amount: 150_000 }, { token: p.token })),
    ]);
    const moved = moves.filter((r) => r.statusCode === 200).length;
    const b = await memberBalances(t.db, id);
    expect(b.vault).toBe(moved * 150_000);
    // What was set aside before the correction is what it could not take back from cash: owed now.
    expect(await debtOf(t, p.loginId)).toBe(correction!.debt);
    expect(b.cash).toBe(0);
    expect(correction!.debt).toBe(b.vault);
    for (const refused of moves.filter((r) => r.statusCode !== 200)) {
      expect(['debt', 'balance']).toContain(refused.json().status);
    }
    if (moved > 0) {
      // Back out to cash stays possible; in again is refused while the debt is open.
      expect((await t.call('vault-withdraw', { amount: 1 }, { token: p.token })).statusCode).toBe(200);
      expect((await t.call('vault-deposit', { amount: 1 }, { token: p.token })).json()).toMatchObject({
        status: 'debt',
        owed: correction!.debt,
      });
    }
    await expectSoundLedger(t.db);
  });
});
