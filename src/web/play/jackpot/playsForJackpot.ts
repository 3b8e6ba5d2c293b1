import { takesPartInPool } from '../../../shared/jackpot/pool-currency.ts';

/** What a game window knows of its play: the player's currency and whether it is demo play. */
export interface WindowPlay {
  /** The player's currency (their site's), as the game's init answered it. */
  currency: string;
  /** Fun money: never calls the wallet, draws no jackpot. */
  demo: boolean;
}

/**
 * Whether this window's spins feed and can win the pool: real money in the pool's currency. A member
 * of a site in another currency plays with no share and has any claim refused (jackpotBpsFor on the
 * server), so the window must not show them the pool, its share or a chance to hit it.
 */
export function playsForJackpot(pool: { currency: string }, play: WindowPlay): boolean {
  return !play.demo && takesPartInPool(pool.currency, play.currency);
}
