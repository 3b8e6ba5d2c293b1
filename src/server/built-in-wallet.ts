import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { hashGameToken } from './modules/games/launch.service.ts';
import { inProcessWallet } from './modules/games/wallet/wallet.routes.ts';
import type { StakeInBook } from './providers/sports/placement-batch.ts';
import { type WalletAnswer, type WalletTransport, walletOverHttp } from './providers/wallet-caller.ts';

/**
 * How a built-in provider (the house games, the sportsbook) reaches the wallet API, decided per call
 * by the configuration: BUILT_IN_WALLET_URL unset, the wallet of this process in process (the same
 * operations and replies as /wallet/<provider>/<op>, without loopback HTTP and its signature); set, a
 * wallet on another host over signed HTTP.
 */
export function builtInWallet(
  deps: { db: Db; config: Config },
  provider: string,
  secret: string,
): WalletTransport {
  const local = inProcessWallet(deps, provider);
  const remote = walletOverHttp(() => deps.config.builtInWalletUrl!, secret, provider);
  return (op, body) =>
    deps.config.builtInWalletUrl
      ? remote(op, body)
      : // The wallet's reply type is the wider of the two: the providers read the fields they know.
        (local(op, body) as Promise<{ status: number; reply: WalletAnswer }>);
}

/**
 * A sports stake as the book's own transaction charges it (sql/sb_stake_batch.sql runs the wallet's
 * batch of bets in it), when the wallet is this process's and so this database's; undefined when
 * BUILT_IN_WALLET_URL names a wallet on another host, whose stakes go over its API.
 */
export function stakeInSameDatabase(config: Config, provider: string) {
  return (token: string): StakeInBook | undefined =>
    config.builtInWalletUrl
      ? undefined
      : { p: provider, t: hashGameToken(token), i: config.sessionIdleMs, tok: token };
}
