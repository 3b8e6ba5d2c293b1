import type { WalletAnswer } from './wallet-client.ts';

/** A refused play as a house game answers it (refusalOf, or the game's own refusal). */
export interface GameRefusal {
  status: string;
  message: string;
  balance?: number | undefined;
  /** A refusal by one of the player's limits (status 'limit'). */
  limit?: string | undefined;
  period?: string | undefined;
  amount?: number | undefined;
  used?: number | undefined;
  resetsAt?: string | null | undefined;
  /** A refusal by the maximum stake of the member's wagering bonus (status 'bonus_max_stake'). */
  maxStake?: number | undefined;
}

/**
 * The wallet's refusal of a bet as the game window hears it: its status word and, for a limit of the
 * player's or the maximum stake of their wagering bonus, what the window names (msg31xx, msg3606).
 */
export function refusalOf(bet: WalletAnswer): GameRefusal {
  const { status, message, balance, limit, period, amount, used, resetsAt, maxStake } = bet;
  return {
    status,
    message: message ?? 'the bet was refused',
    balance,
    ...(status === 'limit' ? { limit, period, amount, used, resetsAt } : {}),
    ...(status === 'bonus_max_stake' ? { maxStake } : {}),
  };
}
