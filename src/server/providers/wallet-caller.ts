import { hmacSign } from '../http/hmac-signature.ts';
import { WALLET_SIGNATURE_HEADER } from '../modules/games/provider.ts';
import { postJson } from './post-json.ts';

/** What the wallet API answers; each operation fills its own fields. */
export type WalletAnswer = {
  status: string;
  balance?: number;
  playerId?: string;
  currency?: string;
  /** authenticate: the table rules of the player's site. */
  tableRules?: { laPartage: boolean; dealerHitsSoft17: boolean };
  message?: string;
  /** The jackpot call's award; a `limit` refusal's limit amount. */
  amount?: number;
  /** A `limit` refusal: which of the player's limits, its period, what is used, and when the period ends. */
  limit?: string;
  period?: string;
  used?: number;
  resetsAt?: string | null;
  /** A correction's outcome. */
  result?: string;
  /** What a correction left the member owing. */
  debt?: number;
};

/**
 * A built-in provider talks to the platform's wallet like any outside provider: signed JSON over
 * HTTP to /wallet/<provider>/<op>. A call that gets no answer (or a 5xx) is retried with the same
 * body, so the same transaction id, which the wallet answers idempotently.
 */
export function walletCaller(baseUrl: () => string, secret: string, provider: string) {
  return async function call(op: string, payload: object, attempts: number): Promise<WalletAnswer> {
    const body = JSON.stringify(payload);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const res = await postJson(
          `${baseUrl()}/wallet/${provider}/${op}`,
          { 'content-type': 'application/json', [WALLET_SIGNATURE_HEADER]: hmacSign(secret, body) },
          body,
        );
        if (res.status < 500) return JSON.parse(res.text) as WalletAnswer;
        lastError = new Error(`wallet ${op} answered ${res.status}`);
      } catch (error) {
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
    throw lastError;
  };
}
