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
  /** authenticate: the game the token was opened for (its rounds are recorded under it). */
  gameCode?: string;
  message?: string;
  /** The jackpot call's award; a `limit` refusal's limit amount. */
  amount?: number;
  /** A `limit` refusal: which of the player's limits, its period, what is used, and when the period ends. */
  limit?: string;
  period?: string;
  used?: number;
  resetsAt?: string | null;
  /** A `bonus_max_stake` refusal: the most the member's wagering bonus lets them stake at once. */
  maxStake?: number;
  /** A correction's outcome. */
  result?: string;
  /** What a correction left the member owing. */
  debt?: number;
};

/**
 * Carries one wallet call's body to the wallet API and answers the reply with its HTTP status: over
 * signed HTTP (walletOverHttp), or in process when the wallet runs in the same process (app.ts hands
 * the built-in providers the wallet module's inProcessWallet). Both run the same operation handlers.
 */
export type WalletTransport = (op: string, body: string) => Promise<{ status: number; reply: WalletAnswer }>;

/** Signed JSON over HTTP to <baseUrl>/wallet/<provider>/<op>, as an outside provider calls the wallet. */
export function walletOverHttp(baseUrl: () => string, secret: string, provider: string): WalletTransport {
  return async (op, body) => {
    const res = await postJson(
      `${baseUrl()}/wallet/${provider}/${op}`,
      { 'content-type': 'application/json', [WALLET_SIGNATURE_HEADER]: hmacSign(secret, body) },
      body,
    );
    // A 5xx may carry no wallet reply (a proxy's page): the caller retries it without reading it.
    return {
      status: res.status,
      reply: res.status < 500 ? (JSON.parse(res.text) as WalletAnswer) : { status: 'error' },
    };
  };
}

/**
 * A built-in provider's wallet calls, whichever transport carries them. A call that gets no answer
 * (or a 5xx, or an error in process) is retried with the same body, so the same transaction id, which
 * the wallet answers idempotently.
 */
export function walletCaller(transport: WalletTransport) {
  return async function call(op: string, payload: object, attempts: number): Promise<WalletAnswer> {
    const body = JSON.stringify(payload);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const { status, reply } = await transport(op, body);
        if (status < 500) return reply;
        lastError = new Error(`wallet ${op} answered ${status}`);
      } catch (error) {
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
    throw lastError;
  };
}
