import { describe, expect, it } from 'vitest';
import { openRound, poolBalance, SECRET } from '../../../../test/support/jackpot.ts';
import { balancesOf, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletRequest } from '../../../../test/support/wallet.ts';

/**
 * The member's bet history says what each round returned: a round that hit the jackpot returned the
 * award too (paid into their cash by the ledger), not only its own win; so does the operator's view.
 */
describe.runIf(backendAvailable)('a jackpot round in the member’s bet history', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);

  it('shows the award in what the round returned, as the cash received it', async () => {
    const p = await launchedPlayer(t, 100_000);
    const round = await openRound(t, p.gameToken, 10_000);
    const pool = await poolBalance(t.db);
    expect(
      (await wallet('jackpot', { txId: `${round.txId}-j`, roundId: round.roundId })).json(),
    ).toMatchObject({ status: 'success', amount: pool });
    const win = await wallet('win', { txId: `${round.txId}-w`, roundId: round.roundId, amount: 2_500 });
    expect(win.json().status).toBe('success');
    // An ordinary round beside it: its win alone.
    const plain = await openRound(t, p.gameToken, 1_000);
    await wallet('win', { txId: `${plain.txId}-w`, roundId: plain.roundId, amount: 700 });

    const { list } = (await t.call('get-slot-bets-list', { pageSize: 10 }, { token: p.token })).json();
    const line = (roundId: string) => list.find((b: { roundId: string }) => b.roundId === roundId);
    expect(line(round.roundId)).toMatchObject({ stake: 10_000, win: 2_500 + pool, status: 'closed' });
    expect(line(plain.roundId)).toMatchObject({ stake: 1_000, win: 700 });
    // Stakes out, returns in: the history adds up to the cash.
    expect((await balancesOf(t, p.token)).cash).toBe(100_000 - 10_000 + 2_500 + pool - 1_000 + 700);

    // The back office's member page tells the operator the same.
    const detail = (
      await as('cashier').get(`/api/admin/members/${await memberIdOf(t.db, p.loginId)}`)
    ).json();
    const row = (roundId: string) => detail.bets.find((b: { roundId: string }) => b.roundId === roundId);
    expect(row(round.roundId)).toMatchObject({ stake: 10_000, win: 2_500 + pool });
    expect(row(plain.roundId)).toMatchObject({ stake: 1_000, win: 700 });
  });
});
