import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { inProcessWallet } from './modules/games/wallet/wallet.routes.ts';
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
