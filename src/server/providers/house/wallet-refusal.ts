import type { WalletAnswer } from './wallet-client.ts';

/**
 * The wallet's refusal of a bet as the game window hears it: its status word and, for a limit of the
 * player's or the maximum stake of their wagering bonus, what the window names (msg31xx, msg3606).
 */
export function refusalOf(bet: WalletAnswer) {
  const { status, message, balance, limit, period, amount, used, resetsAt, maxStake } = bet;
  return {
    status,
    message: message ?? 'the bet was refused',
    balance,
    ...(status === 'limit' ? { limit, period, amount, used, resetsAt } : {}),
    ...(status === 'bonus_max_stake' ? { maxStake } : {}),
  };
}
