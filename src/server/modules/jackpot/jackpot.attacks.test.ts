import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openRound, poolBalance, SECRET } from '../../../../test/support/jackpot.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

const STAKE = 10_000;

/**
 * A hostile or buggy provider against the pool: a claim racing the rollback or the closing win of its
 * round, a claim replayed under another body, a claim under a bet's id, a rollback naming a claim.
 * Whatever the order, the pool is paid at most once per round, never for a cancelled round, and
 * pool + payouts = contributions + reseeds.
 */
describe.runIf(backendAvailable)('the jackpot against a hostile provider', () => {
  const t = useTestApp({ houseWalletSecret: SECRET, loginMaxFailuresPerAddress: 1000 }, { seedDemo: true });
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
  const winsOf = async (roundId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from jackpot_wins where round_id = ${roundId}`,
        )
      )[0]!.n,
    );

  it('a claim racing the rollback of its round’s only bet: one of the two, never both', async () => {
    for (let i = 0; i < 6; i++) {
      const p = await launchedPlayer(t, 100_000);
      const round = await openRound(t, p.gameToken, STAKE);
      const pool = await poolBalance(t.db);
      const [claim, rollback] = await Promise.all([
        wallet('jackpot', { txId: `${round.txId}-j`, roundId: round.roundId }),
        wallet('rollback', { txId: `${round.txId}-rb`, refTxId: round.txId }),
      ]);
      const c = claim.json();
      const r = rollback.json();
      const cash = (await balancesOf(t, p.token)).cash;
      if (c.status === 'success') {
        expect(r.status).toBe('round_settled');
        expect(c.amount).toBe(pool);
        expect(cash).toBe(100_000 - STAKE + pool);
        expect(await winsOf(round.roundId)).toBe(1);
      } else {
        expect(c.status).toBe('round_closed');
        expect(r).toMatchObject({ status: 'success', result: 'refunded' });
        expect(cash).toBe(100_000);
        expect(await winsOf(round.roundId)).toBe(0);
      }
    }
    expect((await auditLedger(t.db)).jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a claim racing the win that closes its round: paid before the close, or refused', async () => {
    for (let i = 0; i < 6; i++) {
      const p = await launchedPlayer(t, 100_000);
      const round = await openRound(t, p.gameToken, STAKE);
      const [claim, win] = await Promise.all([
        wallet('jackpot', { txId: `${round.txId}-j`, roundId: round.roundId }),
        wallet('win', { txId: `${round.txId}-w`, roundId: round.roundId, amount: 5_000, closeRound: true }),
      ]);
      expect(win.json().status).toBe('success');
      const c = claim.json();
      expect(['success', 'round_closed']).toContain(c.status);
      const award = c.status === 'success' ? c.amount : 0;
      expect((await balancesOf(t, p.token)).cash).toBe(100_000 - STAKE + 5_000 + award);
      expect(await winsOf(round.roundId)).toBe(c.status === 'success' ? 1 : 0);
    }
    expect((await auditLedger(t.db)).jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('pays nothing for a replayed, borrowed or voided transaction id', async () => {
    const p = await launchedPlayer(t, 100_000);
    const round = await openRound(t, p.gameToken, STAKE);
    const other = await openRound(t, p.gameToken, STAKE);
    const before = (await balancesOf(t, p.token)).cash;
    const pool = await poolBalance(t.db);
    // A claim under the id of a bet: refused as another request, nothing paid.
    const borrowed = await wallet('jackpot', { txId: round.txId, roundId: round.roundId });
    expect(borrowed.json().status).toBe('duplicate');
    // A rollback naming the claim's id before the claim: the claim under it pays nothing.
    const voidFirst = await wallet('rollback', { txId: walletIds().txId, refTxId: `${other.txId}-j` });
    expect(voidFirst.json()).toMatchObject({ status: 'success', result: 'bet_not_found' });
    const voided = await wallet('jackpot', { txId: `${other.txId}-j`, roundId: other.roundId });
    expect(voided.json().status).toBe('duplicate');
    expect((await balancesOf(t, p.token)).cash).toBe(before);
    expect(await poolBalance(t.db)).toBe(pool);
    // A real claim, then the same id for the other round: refused, the other round still unpaid.
    const paid = await wallet('jackpot', { txId: `${round.txId}-j`, roundId: round.roundId });
    expect(paid.json()).toMatchObject({ status: 'success', amount: pool });
    const replay = await wallet('jackpot', { txId: `${round.txId}-j`, roundId: other.roundId });
    expect(replay.json().status).toBe('duplicate');
    expect(await winsOf(other.roundId)).toBe(0);
    // A rollback naming the claim: only bets can be rolled back.
    const undo = await wallet('rollback', { txId: walletIds().txId, refTxId: `${round.txId}-j` });
    expect(undo.json().status).toBe('invalid');
    expect((await balancesOf(t, p.token)).cash).toBe(before + pool);
    expect((await auditLedger(t.db)).jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });
});
