import { randomBytes } from 'node:crypto';
import { readConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { walletBet, walletWin } from '../../src/server/modules/games/wallet/wallet.service.ts';
import { STAKE, type WinTally, winOf } from './wallet-load.ts';

/**
 * The same bet+win load as walletLoad, calling the wallet service (and its batcher) in this process
 * instead of over HTTP: the difference between the two is what HTTP, signatures and JSON cost.
 */
export async function inProcessWalletLoad(opts: {
  db: Db;
  gameTokens: string[];
  clients: number;
  seconds: number;
  seed?: string;
}): Promise<{ operations: number; operationsPerSecond: number; failures: number; paid: WinTally }> {
  const config = readConfig({});
  const seed = opts.seed ?? 'bench-wallet';
  const paid: WinTally = { count: 0, sum: 0 };
  const until = Date.now() + opts.seconds * 1000;
  let operations = 0;
  let failures = 0;
  const client = async (n: number) => {
    const token = opts.gameTokens[n % opts.gameTokens.length]!;
    while (Date.now() < until) {
      const round = randomBytes(8).toString('hex');
      const bet = await walletBet(opts.db, config, 'house', `bench:${round}:b`, {
        txId: `ib-${round}`,
        roundId: round,
        token,
        amount: STAKE,
      });
      const win = winOf(seed, round);
      const won = await walletWin(opts.db, 'house', `bench:${round}:w`, {
        txId: `iw-${round}`,
        roundId: round,
        amount: win,
        closeRound: true,
      });
      operations += 2;
      if (bet.status !== 'success' || won.status !== 'success') failures += 1;
      else if (win > 0) {
        paid.count += 1;
        paid.sum += win;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: opts.clients }, (_, n) => client(n)));
  return { operations, operationsPerSecond: operations / ((Date.now() - started) / 1000), failures, paid };
}
