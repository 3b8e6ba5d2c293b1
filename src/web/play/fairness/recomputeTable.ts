import type { BlackjackState } from '../../../shared/games/blackjack.ts';
import { MAX_CARDS, replayRound } from '../../../shared/games/blackjack.ts';
import { type RoundSeed, roundFloats } from '../../../shared/games/fairness.ts';
import { type RouletteOutcome, spinRoulette } from '../../../shared/games/roulette.ts';
import type { PlayedTable } from '../../../shared/games/verify-link.ts';
import { browserHmac } from './browserCrypto.ts';

/** What a roulette or blackjack round was played with: the round's `bet` record, or the verify link's. */
export type TableBet = PlayedTable;
export type TableOutcome =
  | { game: 'roulette'; spin: RouletteOutcome }
  | { game: 'blackjack'; round: BlackjackState };

/** Recomputes a roulette spin or replays a blackjack round in the browser from its seeds and what was played. */
export async function recomputeTable(game: 'roulette' | 'blackjack', seed: RoundSeed, played: TableBet) {
  if (game === 'roulette') {
    const [float] = await roundFloats(browserHmac, seed, 1);
    return {
      game,
      spin: spinRoulette(played.bets ?? {}, float!, { laPartage: played.laPartage ?? false }),
    } as const;
  }
  const floats = await roundFloats(browserHmac, seed, MAX_CARDS);
  const rules = played.rules ?? { dealerHitsSoft17: false };
  return { game, round: replayRound(played.bet ?? 1_000, played.moves ?? [], floats, rules) } as const;
}
