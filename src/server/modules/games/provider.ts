import type { Db } from '../../db/client.ts';

/**
 * The header in which a provider sends the signature of the exact bytes of its wallet API call
 * (src/server/http/hmac-signature.ts): part of what the platform and a provider agree on.
 */
export const WALLET_SIGNATURE_HEADER = 'x-wallet-signature';

/**
 * What a game provider adapter offers the platform. Seamless providers keep no balance: they call
 * our wallet API for every bet and win. Transfer providers hold game money of their own, moved in
 * and out explicitly; `get-in-game-balance` adds it to what the header shows.
 */
export interface GameProvider {
  readonly code: string;
  readonly wallet: 'seamless' | 'transfer';
  /** The URL the member's browser opens for a game, given the session token the provider will present. */
  launchUrl(input: { token: string; gameCode: string; vendorCode: string; locale: string }): string;
  /** Transfer providers only: game money the member holds there, in minor units. */
  balanceOf?(memberRef: string): Promise<number>;
  /**
   * What the member's bet history shows of these rounds of this provider beyond the wallet's totals
   * (the built-in providers: a verify link, an open bet's potential return, a void bet). Rounds it says
   * nothing of show the wallet's totals alone.
   */
  roundFacts?(db: Db, roundIds: string[]): Promise<Map<string, RoundFacts>>;
}

export interface RoundFacts {
  /** Where the member checks the round (the provably fair page, the bet's proof). */
  verifyUrl?: string;
  /** What an open bet pays if it wins. */
  potentialReturn?: number;
  /** The bet is void (its stake paid back as its settlement): it reads as cancelled. */
  void?: boolean;
}
