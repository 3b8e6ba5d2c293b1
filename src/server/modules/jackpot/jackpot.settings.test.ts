import { describe, expect, it } from 'vitest';
import { openRound, poolBalance, SECRET, setJackpotSettings } from '../../../../test/support/jackpot.ts';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletRequest } from '../../../../test/support/wallet.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

/**
 * An operator changes the reseed while play goes on (jackpot_settings, docs/configuration.md): the
 * pool keeps what it holds, the next win reseeds it with the new amount. The audit holds the pool to
 * the reseed it was last given, not to a setting no win has applied yet.
 */
describe.runIf(backendAvailable)('the jackpot’s reseed changed while play goes on', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);

  it('reseeds with the new amount at the next win, and the ledger stays sound in between', async () => {
    const p = await launchedPlayer(t, 1_000_000);
    const round = await openRound(t, p.gameToken, 10_000);
    const pool = await poolBalance(t.db);
    expect(pool).toBeLessThan(25_000_000);
    await setJackpotSettings(t.db, { reseed: 25_000_000 });
    // Nothing moved: the pool holds what it held, and the audit finds nothing wrong with it.
    expect(await poolBalance(t.db)).toBe(pool);
    expect((await auditLedger(t.db)).jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);

    const claim = await wallet('jackpot', { txId: `${round.txId}-j`, roundId: round.roundId });
    expect(claim.json()).toMatchObject({ status: 'success', amount: pool, reseed: 25_000_000 });
    expect(await poolBalance(t.db)).toBe(25_000_000);
    // Lowered again: the pool above the new reseed is sound as well.
    await setJackpotSettings(t.db, { reseed: 5_000_000 });
    expect((await auditLedger(t.db)).jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });
});
