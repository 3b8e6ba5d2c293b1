import { hmacSign } from '../../http/hmac-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../../modules/games/wallet/wallet-signature.ts';

export type WalletAnswer = {
  status: string;
  balance?: number;
  playerId?: string;
  currency?: string;
  message?: string;
  /** The jackpot call's award; a `limit` refusal's limit amount. */
  amount?: number;
  /** A `limit` refusal: which of the player's limits, and when its period ends. */
  limit?: string;
  period?: string;
  used?: number;
  resetsAt?: string | null;
};

/**
 * The built-in provider talks to the platform's wallet like any outside provider: signed JSON over
 * HTTP. A call that cannot get an answer is retried with the same transaction id, which the wallet
 * answers idempotently.
 */
export function walletClient(baseUrl: () => string, secret: string) {
  async function call(op: string, payload: object, attempts = 3): Promise<WalletAnswer> {
    const body = JSON.stringify(payload);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const res = await fetch(`${baseUrl()}/wallet/house/${op}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WALLET_SIGNATURE_HEADER]: hmacSign(secret, body),
          },
          body,
        });
        if (res.status < 500) return (await res.json()) as WalletAnswer;
        lastError = new Error(`wallet ${op} answered ${res.status}`);
      } catch (error) {
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
    throw lastError;
  }
  return {
    authenticate: (token: string) => call('authenticate', { token }),
    bet: (p: { txId: string; roundId: string; token: string; amount: number }) => call('bet', p),
    win: (p: { txId: string; roundId: string; amount: number; closeRound: boolean }) => call('win', p, 5),
    rollback: (p: { txId: string; refTxId: string }) => call('rollback', p, 5),
    jackpot: (p: { txId: string; roundId: string }) => call('jackpot', p, 5),
  };
}

export type WalletClient = ReturnType<typeof walletClient>;
