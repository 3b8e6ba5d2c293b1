import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { poolBalance, SECRET } from '../../../../test/support/jackpot.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { builtInWallet } from '../../built-in-wallet.ts';
import type { WalletTransport } from '../wallet-caller.ts';
import { playRound } from './house.play.ts';
import { houseProvider } from './house.provider.ts';
import { walletClient } from './wallet-client.ts';

const quiet = { error() {}, warn() {}, info() {} } as never;

/**
 * A built-in slot's spin voided: its bet went through but the answer was lost, so the game rolls the
 * bet back and tells the member nothing was charged. Nothing was: not the stake, and not its jackpot
 * share either (the pool is as it was before the spin).
 */
describe.runIf(backendAvailable)('a built-in jackpot slot spin rolled back', () => {
  const { t } = useHouseApp({ houseWalletSecret: SECRET });

  it('leaves the pool as it was before the spin', async () => {
    const p = await launchedPlayer(t, 2_000_000, { code: 'lucky-sevens', company: 'royal-slots' });
    const real = builtInWallet(
      { db: t.db, config: t.config },
      houseProvider.code,
      t.config.houseWalletSecret,
    );
    // The bet is applied but its answer lost; the rollback goes through.
    const lossy: WalletTransport = async (op, body) => {
      const answer = await real(op, body);
      if (op === 'bet') throw new Error('Connection terminated unexpectedly');
      return answer;
    };
    const playerId = (await walletClient(real).authenticate(p.gameToken)).playerId!;
    const pool = await poolBalance(t.db);
    // 10 lines of 100,000: a stake of 1,000,000, whose 1 % share is 10,000.
    const reply = await playRound(t.db, walletClient(lossy), quiet, {
      playerId,
      token: p.gameToken,
      gameCode: 'lucky-sevens',
      engine: 'slot',
      bet: { lineBet: 100_000 },
    });
    expect(reply).toEqual({ status: 'error', message: 'the bet could not be placed; nothing was charged' });
    expect((await balancesOf(t, p.token)).cash).toBe(2_000_000);
    expect(await poolBalance(t.db)).toBe(pool);
    await expectSoundLedger(t.db);
  });
});
