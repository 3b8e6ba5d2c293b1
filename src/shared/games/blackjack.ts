/**
 * Blackjack, the published rule set: cards come from a continuously shuffled shoe (every card is drawn
 * from a full 52-card deck, as from an infinite shoe, so the exact return is computable); blackjack pays
 * 3:2; the dealer peeks under an ace or a ten and stands on soft 17 (hits it where the site says so);
 * insurance pays 2:1 when the dealer shows an ace; double on any first two cards, after a split too;
 * one split of any two cards of equal value; split aces take one card each; no surrender.
 *
 * A round is a state that moves step by step; the n-th card dealt is the round's n-th fair number, so
 * the server, the table and the verify page replay the same round from its seeds and its moves.
 */
import { type Card, RANKS, SUITS } from './baccarat.ts';

export type { Card };
export interface BlackjackRules {
  dealerHitsSoft17: boolean;
}
export type BlackjackMove = 'insure' | 'noInsurance' | 'hit' | 'stand' | 'double' | 'split';

export interface BlackjackHand {
  cards: Card[];
  stake: number;
  doubled: boolean;
  fromSplit: boolean;
  done: boolean;
}

export interface BlackjackState {
  rules: BlackjackRules;
  bet: number;
  /** The up card, the hole card, then the dealer's draws. */
  dealer: Card[];
  hands: BlackjackHand[];
  active: number;
  phase: 'insurance' | 'play' | 'done';
  /** The insurance staked: null until the player was asked (only under an ace), 0 when declined. */
  insurance: number | null;
  /** Cards dealt so far: the next card is fair number `drawn`. */
  drawn: number;
  moves: BlackjackMove[];
  /** Once done: each hand's return (stake included) and the insurance's. */
  returns?: { hands: number[]; insurance: number };
}

/** The most cards a round can take (two hands and the dealer's, with room to spare). */
export const MAX_CARDS = 64;
export const BLACKJACK_BETS = { min: 1_000, max: 1_000_000, step: 1_000 };

const DECK: Card[] = SUITS.flatMap((s) => RANKS.map((r): Card => `${r}${s}`));
export const cardFromFloat = (float: number): Card => DECK[Math.floor(float * 52)]!;

/** Aces count 1 here (see `handValue` for soft totals); tens and faces 10. */
export function cardPoints(card: Card): number {
  const rank = card.slice(0, -1);
  if (rank === 'A') return 1;
  const n = Number(rank);
  return Number.isNaN(n) ? 10 : n;
}

/** A hand's best total and whether an ace counts 11 in it. */
export function handValue(cards: Card[]): { total: number; soft: boolean } {
  const hard = cards.reduce((s, c) => s + cardPoints(c), 0);
  const soft = cards.some((c) => cardPoints(c) === 1) && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

export const isBlackjack = (cards: Card[], fromSplit = false) =>
  !fromSplit && cards.length === 2 && handValue(cards).total === 21;

function draw(state: BlackjackState, floats: number[]): Card {
  const float = floats[state.drawn];
  if (float === undefined) throw new Error('the round ran out of fair numbers');
  state.drawn++;
  return cardFromFloat(float);
}

/** Deals a round: player, dealer's up card, player, the hole card. */
export function startRound(bet: number, floats: number[], rules: BlackjackRules): BlackjackState {
  const state: BlackjackState = {
    rules,
    bet,
    dealer: [],
    hands: [{ cards: [], stake: bet, doubled: false, fromSplit: false, done: false }],
    active: 0,
    phase: 'play',
    insurance: null,
    drawn: 0,
    moves: [],
  };
  state.hands[0]!.cards.push(draw(state, floats));
  state.dealer.push(draw(state, floats));
  state.hands[0]!.cards.push(draw(state, floats));
  state.dealer.push(draw(state, floats));
  if (cardPoints(state.dealer[0]!) === 1) state.phase = 'insurance';
  else afterPeek(state, floats);
  return state;
}

/** The dealer has looked at the hole card: a blackjack on either side ends the round. */
function afterPeek(state: BlackjackState, floats: number[]) {
  state.phase = 'play';
  if (isBlackjack(state.dealer) || isBlackjack(state.hands[0]!.cards)) {
    state.hands[0]!.done = true;
    finish(state, floats);
  }
}

/** The moves open to the player now. */
export function legalMoves(state: BlackjackState): BlackjackMove[] {
  if (state.phase === 'insurance') return ['insure', 'noInsurance'];
  if (state.phase !== 'play') return [];
  const hand = state.hands[state.active]!;
  const moves: BlackjackMove[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    moves.push('double');
    const [a, b] = hand.cards.map(cardPoints);
    if (state.hands.length === 1 && a === b) moves.push('split');
  }
  return moves;
}

/** What a move adds to the round's stake (a double, a split, the insurance). */
export function extraStake(state: BlackjackState, move: BlackjackMove): number {
  if (move === 'insure') return state.bet / 2;
  if (move === 'double' || move === 'split') return state.hands[state.active]!.stake;
  return 0;
}

export class IllegalMove extends Error {}

/** Applies one move to a copy of the state; a move not open now throws IllegalMove. */
export function applyMove(prev: BlackjackState, move: BlackjackMove, floats: number[]): BlackjackState {
  if (!legalMoves(prev).includes(move)) throw new IllegalMove(`${move} is not open now`);
  const state: BlackjackState = structuredClone(prev);
  state.moves.push(move);
  if (move === 'insure' || move === 'noInsurance') {
    state.insurance = move === 'insure' ? state.bet / 2 : 0;
    afterPeek(state, floats);
    return state;
  }
  const hand = state.hands[state.active]!;
  if (move === 'hit') {
    hand.cards.push(draw(state, floats));
    if (handValue(hand.cards).total >= 21) hand.done = true;
  } else if (move === 'stand') {
    hand.done = true;
  } else if (move === 'double') {
    hand.stake *= 2;
    hand.doubled = true;
    hand.cards.push(draw(state, floats));
    hand.done = true;
  } else {
    const second = hand.cards.pop()!;
    hand.fromSplit = true;
    state.hands.push({ cards: [second], stake: hand.stake, doubled: false, fromSplit: true, done: false });
    const aces = cardPoints(second) === 1;
    for (const h of state.hands) {
      h.cards.push(draw(state, floats));
      // Split aces take one card each; a split hand of 21 stands.
      if (aces || handValue(h.cards).total === 21) h.done = true;
    }
  }
  advance(state, floats);
  return state;
}

/** Moves on to the next unfinished hand, or to the dealer's turn. */
function advance(state: BlackjackState, floats: number[]) {
  const next = state.hands.findIndex((h) => !h.done);
  if (next >= 0) {
    state.active = next;
    return;
  }
  finish(state, floats);
}

export function dealerStands(cards: Card[], rules: BlackjackRules): boolean {
  const { total, soft } = handValue(cards);
  if (total > 17) return true;
  if (total === 17) return !(soft && rules.dealerHitsSoft17);
  return false;
}

/** The dealer draws (unless every hand is bust or the round ended on a blackjack) and each bet is settled. */
function finish(state: BlackjackState, floats: number[]) {
  state.phase = 'done';
  const dealerBj = isBlackjack(state.dealer);
  const live = state.hands.some((h) => handValue(h.cards).total <= 21);
  const natural = state.hands.length === 1 && isBlackjack(state.hands[0]!.cards);
  if (!dealerBj && live && !natural) {
    while (!dealerStands(state.dealer, state.rules)) state.dealer.push(draw(state, floats));
  }
  const dealer = handValue(state.dealer).total;
  const hands = state.hands.map((h) => {
    const player = handValue(h.cards).total;
    if (player > 21) return 0;
    if (isBlackjack(h.cards, h.fromSplit))
      return dealerBj ? h.stake : h.stake + Math.floor((h.stake * 3) / 2);
    if (dealerBj) return 0;
    if (dealer > 21 || player > dealer) return h.stake * 2;
    return player === dealer ? h.stake : 0;
  });
  state.returns = { hands, insurance: dealerBj ? (state.insurance ?? 0) * 3 : 0 };
}

/** Everything the round staked: the bet, doubles, the split and the insurance. */
export const totalStake = (state: BlackjackState) =>
  state.hands.reduce((s, h) => s + h.stake, 0) + (state.insurance ?? 0);

export const totalReturn = (state: BlackjackState) =>
  state.returns ? state.returns.hands.reduce((a, b) => a + b, 0) + state.returns.insurance : 0;

/** What the player may see of a round: the hole card stays face down until the round is over. */
export function publicView(state: BlackjackState) {
  const { rules, bet, hands, active, phase, insurance, moves, returns } = state;
  const dealer = phase === 'done' ? state.dealer : [state.dealer[0]!, null];
  return { rules, bet, dealer, hands, active, phase, insurance, moves, returns, legal: legalMoves(state) };
}
export type BlackjackView = ReturnType<typeof publicView>;

/** Replays a round from its fair numbers and moves (the verify page). */
export function replayRound(
  bet: number,
  moves: BlackjackMove[],
  floats: number[],
  rules: BlackjackRules,
): BlackjackState {
  let state = startRound(bet, floats, rules);
  for (const move of moves) state = applyMove(state, move, floats);
  return state;
}
