import { type BlackjackView, type Card, handValue, isBlackjack } from '../../../shared/games/blackjack.ts';

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

/** How a finished hand came out, from what it returned. */
export function handResult(view: BlackjackView, index: number): HandResult {
  const hand = view.hands[index]!;
  const returned = view.returns?.hands[index] ?? 0;
  if (handValue(hand.cards as Card[]).total > 21) return 'bust';
  if (returned === 0) return 'lose';
  if (returned === hand.stake) return 'push';
  return isBlackjack(hand.cards as Card[], hand.fromSplit) ? 'blackjack' : 'win';
}
