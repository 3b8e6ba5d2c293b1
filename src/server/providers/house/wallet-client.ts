import { type WalletTransport, walletCaller } from '../wallet-caller.ts';

export type { WalletAnswer } from '../wallet-caller.ts';

/** The built-in games' calls to the platform's wallet (the operations of /wallet/house/*); settling calls try longer. */
export function walletClient(transport: WalletTransport) {
  const call = walletCaller(transport);
  return {
    authenticate: (token: string) => call('authenticate', { token }, 3),
    bet: (p: { txId: string; roundId: string; token: string; amount: number }) => call('bet', p, 3),
    win: (p: { txId: string; roundId: string; amount: number; closeRound: boolean }) => call('win', p, 5),
    rollback: (p: { txId: string; refTxId: string }) => call('rollback', p, 5),
    jackpot: (p: { txId: string; roundId: string }) => call('jackpot', p, 5),
  };
}

export type WalletClient = ReturnType<typeof walletClient>;
