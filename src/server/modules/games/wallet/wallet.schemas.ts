import { z } from 'zod';

const txId = z.string().min(1).max(100);
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a game session token');
const amount = z.number().int().nonnegative().max(1e13);

/** The wallet API's request bodies, one per operation. */
export const walletRequests = {
  authenticate: z.object({ token }),
  balance: z.object({ token }),
  bet: z.object({ txId, roundId: txId, token, amount: amount.positive() }),
  win: z.object({ txId, roundId: txId, amount, closeRound: z.boolean().default(true) }),
  rollback: z.object({ txId, refTxId: txId }),
  /** The provider's round hit the progressive jackpot: the pool goes to the round's player. */
  jackpot: z.object({ txId, roundId: txId }),
  /** A correction (the sportsbook's): the settlement refTxId (a win or resettle) of the round is taken back. */
  unsettle: z.object({ txId, roundId: txId, refTxId: txId, reason: z.string().min(1).max(500) }),
  /** A correction: the round's win becomes `amount` instead of what refTxId paid. */
  resettle: z.object({ txId, roundId: txId, refTxId: txId, reason: z.string().min(1).max(500), amount }),
} as const;

export type WalletOperation = keyof typeof walletRequests;
export const isWalletOperation = (op: string): op is WalletOperation => Object.hasOwn(walletRequests, op);

/** HTTP status for each reply status word; the body always carries the word itself. */
export const WALLET_HTTP_STATUS: Record<string, number> = {
  success: 200,
  invalid: 400,
  session_expired: 401,
  balance: 402,
  blocked: 403,
  /** A limit the player set (loss, wager, session time): `limit`, `period`, `amount`, `resetsAt`. */
  limit: 403,
  /** A stake taking its round's stakes above the maximum of the player's active bonus while it is wagering: `maxStake`, msg3606. */
  bonus_max_stake: 403,
  round_not_found: 404,
  duplicate: 409,
  round_closed: 409,
  round_settled: 409,
  rolled_back: 409,
  jackpot_paid: 409,
  already_corrected: 409,
};
