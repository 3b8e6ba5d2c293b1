import { hmacSign } from '../../http/hmac-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../../modules/games/wallet/wallet-signature.ts';

export type WalletAnswer = {
  status: string;
  balance?: number;
  playerId?: string;
  currency?: string;
  message?: string;
  result?: string;
  debt?: number;
  /** A `limit` refusal: which of the member's limits, its amount, and when its period ends. */
  limit?: string;
  period?: string;
  amount?: number;
  resetsAt?: string | null;
};

/**
 * The sportsbook talks to the platform's wallet as an outside book would: signed JSON over HTTP to
 * /wallet/sports/<op>. A call without an answer is retried with the same transaction id, which the
 * wallet answers idempotently.
 */
export function sportsWallet(baseUrl: () => string, secret: string) {
  async function call(op: string, payload: object, attempts = 4): Promise<WalletAnswer> {
    const body = JSON.stringify(payload);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const res = await fetch(`${baseUrl()}/wallet/sports/${op}`, {
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
    win: (p: { txId: string; roundId: string; amount: number }) => call('win', { ...p, closeRound: true }),
    rollback: (p: { txId: string; refTxId: string }) => call('rollback', p),
    unsettle: (p: { txId: string; roundId: string; refTxId: string; reason: string }) => call('unsettle', p),
    resettle: (p: { txId: string; roundId: string; refTxId: string; reason: string; amount: number }) =>
      call('resettle', p),
  };
}

export type SportsWallet = ReturnType<typeof sportsWallet>;
