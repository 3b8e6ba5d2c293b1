import { type WalletTransport, walletCaller } from '../wallet-caller.ts';

export type { WalletAnswer } from '../wallet-caller.ts';

/**
 * The sportsbook talks to the platform's wallet API as an outside book would (the operations of
 * /wallet/sports/<op>), in process or over signed HTTP as configured (wallet-caller.ts), each call
 * retried with the same transaction id until answered (4 tries).
 */
export function sportsWallet(transport: WalletTransport) {
  const call = walletCaller(transport);
  return {
    /**
     * The player a launch token belongs to: the wallet's `balance` call, which checks the token as
     * `authenticate` does without reading the site's table rules (two round trips the book never used).
     */
    authenticate: (token: string) => call('balance', { token }, 4),
    bet: (p: { txId: string; roundId: string; token: string; amount: number }) => call('bet', p, 4),
    win: (p: { txId: string; roundId: string; amount: number }) => call('win', { ...p, closeRound: true }, 4),
    /** A partial cash-out: a win that leaves the round open for the rest of the bet. */
    cashout: (p: { txId: string; roundId: string; amount: number }) =>
      call('win', { ...p, closeRound: false }, 4),
    rollback: (p: { txId: string; refTxId: string }) => call('rollback', p, 4),
    unsettle: (p: { txId: string; roundId: string; refTxId: string; reason: string }) =>
      call('unsettle', p, 4),
    resettle: (p: { txId: string; roundId: string; refTxId: string; reason: string; amount: number }) =>
      call('resettle', p, 4),
  };
}

export type SportsWallet = ReturnType<typeof sportsWallet>;
