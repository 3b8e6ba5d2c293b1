/**
 * Punto banco with an 8-deck shoe: the standard drawing rules and payouts (player 1:1, banker
 * 0.95:1, tie 8:1; player and banker bets are returned on a tie). Pure and shared, so the server
 * settles, the verify page recomputes and tests check it against the standard tables.
 */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Card = `${(typeof RANKS)[number]}${(typeof SUITS)[number]}`;
export const DECKS = 8;

export type BaccaratSide = 'player' | 'banker' | 'tie';
export type BaccaratBets = Partial<Record<BaccaratSide, number>>;

export function cardValue(card: Card): number {
  const rank = card.slice(0, -1);
  if (rank === 'A') return 1;
  const n = Number(rank);
  return Number.isNaN(n) || n >= 10 ? 0 : n;
}

export const handTotal = (cards: Card[]) => cards.reduce((sum, c) => sum + cardValue(c), 0) % 10;

/** Whether the banker draws, given the banker's two-card total and the player's third card (or none). */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const p = cardValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p !== 8;
    case 4:
      return p >= 2 && p <= 7;
    case 5:
      return p >= 4 && p <= 7;
    case 6:
      return p === 6 || p === 7;
    default:
      return false;
  }
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratSide;
}

/** Plays a hand from the cards in dealing order (player, banker, player, banker, then draws). */
export function playHand(shoe: Card[]): BaccaratHand {
  let next = 0;
  const draw = () => {
    const card = shoe[next++];
    if (!card) throw new Error('the shoe ran out of cards');
    return card;
  };
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: Card | null = null;
    if (handTotal(player) <= 5) {
      playerThird = draw();
      player.push(playerThird);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(draw());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

/** What comes back for each bet (stake included); amounts are whole minor units, rounded down. */
export function settle(bets: BaccaratBets, winner: BaccaratSide): number {
  const player = bets.player ?? 0;
  const banker = bets.banker ?? 0;
  const tie = bets.tie ?? 0;
  if (winner === 'tie') return player + banker + tie * 9;
  if (winner === 'player') return player * 2;
  return banker + Math.floor((banker * 95) / 100);
}

/** The first six cards of a freshly shuffled 8-deck shoe, drawn with the round's fair numbers. */
export function shoeFromFloats(floats: number[]): Card[] {
  const deck: Card[] = [];
  for (let d = 0; d < DECKS; d++)
    for (const suit of SUITS) for (const rank of RANKS) deck.push(`${rank}${suit}`);
  const drawn: Card[] = [];
  for (let i = 0; i < 6; i++) {
    const pick = i + Math.floor(floats[i]! * (deck.length - i));
    [deck[i], deck[pick]] = [deck[pick]!, deck[i]!];
    drawn.push(deck[i]!);
  }
  return drawn;
}
