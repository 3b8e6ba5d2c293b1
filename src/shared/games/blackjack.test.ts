import { describe, expect, it } from 'vitest';
import {
  applyMove,
  type Card,
  cardFromFloat,
  handValue,
  IllegalMove,
  legalMoves,
  publicView,
  replayRound,
  startRound,
  totalReturn,
  totalStake,
} from './blackjack.ts';
import { basicStrategy, exactReturn, handEvs } from './blackjack-ev.ts';
import { simulate, xorshift } from './blackjack-sim.ts';

const S17 = { dealerHitsSoft17: false };
const H17 = { dealerHitsSoft17: true };
const RANK_INDEX: Record<string, number> = {
  A: 0,
  '2': 1,
  '3': 2,
  '4': 3,
  '5': 4,
  '6': 5,
  '7': 6,
  '8': 7,
  '9': 8,
  '10': 9,
  J: 10,
  Q: 11,
  K: 12,
};
/** The fair numbers that deal these cards (spades), in dealing order: player, up card, player, hole, then draws. */
const dealing = (...ranks: string[]) => ranks.map((r) => (RANK_INDEX[r]! + 0.5) / 52);

describe('blackjack rules', () => {
  it('reads fair numbers as cards from a full deck and totals hands, soft and hard', () => {
    expect(cardFromFloat(0)).toBe('AS');
    expect(cardFromFloat(0.999)).toBe('KC');
    expect(handValue(['AS', '6H'] as Card[])).toEqual({ total: 17, soft: true });
    expect(handValue(['AS', '6H', 'KD'] as Card[])).toEqual({ total: 17, soft: false });
    expect(handValue(['AS', 'AH', '9D'] as Card[])).toEqual({ total: 21, soft: true });
  });

  it('pays a blackjack 3:2 without the dealer drawing, and pushes against a dealer blackjack', () => {
    const bj = startRound(2_000, dealing('A', '9', 'K', '7'), S17);
    expect(bj.phase).toBe('done');
    expect(bj.returns).toEqual({ hands: [5_000], insurance: 0 });
    expect(bj.dealer).toHaveLength(2);
    const both = startRound(2_000, dealing('A', 'A', 'K', 'Q'), S17);
    expect(both.phase).toBe('insurance');
    const insured = applyMove(both, 'insure', []);
    expect(insured.returns).toEqual({ hands: [2_000], insurance: 3_000 });
    expect(totalStake(insured)).toBe(3_000);
  });

  it('peeks under a ten: a dealer blackjack takes only the first bet, before any move', () => {
    const round = startRound(2_000, dealing('9', 'K', '9', 'A'), S17);
    expect(round.phase).toBe('done');
    expect(totalReturn(round)).toBe(0);
    expect(legalMoves(round)).toEqual([]);
  });

  it('splits, doubles after the split, and the dealer stands on soft 17 (or hits it)', () => {
    // Player 8 8 against a 6; the hole card is an ace (soft 17). The split hands take a 3 and a 10;
    // the first doubles onto a 10 (21); the second stands on 18.
    const floats = dealing('8', '6', '8', 'A', '3', '10', '10', '5');
    let round = startRound(1_000, floats, S17);
    expect(legalMoves(round)).toEqual(['hit', 'stand', 'double', 'split']);
    round = applyMove(round, 'split', floats);
    expect(round.hands.map((h) => h.cards)).toEqual([
      ['8S', '3S'],
      ['8S', '10S'],
    ]);
    expect(legalMoves(round)).toEqual(['hit', 'stand', 'double']);
    round = applyMove(round, 'double', floats);
    expect(round.active).toBe(1);
    round = applyMove(round, 'stand', floats);
    expect(round.phase).toBe('done');
    expect(handValue(round.dealer).total).toBe(17);
    expect(round.returns!.hands).toEqual([4_000, 2_000]);
    expect(totalStake(round)).toBe(3_000);
    expect(round.moves).toEqual(['split', 'double', 'stand']);
    expect(replayRound(1_000, round.moves, floats, S17)).toEqual(round);
    // Hitting soft 17, the dealer draws the 5 (12 hard), then a 7: 19 beats the second hand's 18.
    const h17 = applyMove(
      applyMove(applyMove(startRound(1_000, floats, H17), 'split', floats), 'double', floats),
      'stand',
      [...floats, ...dealing('7')],
    );
    expect(h17.dealer.map((c) => c.slice(0, -1))).toEqual(['6', 'A', '5', '7']);
    expect(h17.returns!.hands).toEqual([4_000, 0]);
  });

  it('gives split aces one card each, and a split 21 is no blackjack', () => {
    const floats = dealing('A', '7', 'A', '10', 'K', '5');
    const round = applyMove(startRound(1_000, floats, S17), 'split', floats);
    expect(round.phase).toBe('done');
    expect(round.returns!.hands).toEqual([2_000, 0]);
  });

  it('refuses a move that is not open, and hides the hole card until the end', () => {
    const floats = dealing('10', '6', '7', '9', '5');
    const round = startRound(1_000, floats, S17);
    expect(() => applyMove(round, 'split', floats)).toThrow(IllegalMove);
    expect(() => applyMove(round, 'insure', floats)).toThrow(IllegalMove);
    expect(publicView(round).dealer).toEqual(['6S', null]);
    const hit = applyMove(round, 'hit', floats);
    expect(hit.phase).toBe('done');
    expect(totalReturn(hit)).toBe(0);
    expect(publicView(hit).dealer).toEqual(['6S', '9S']);
  });
});

describe('blackjack return to player', () => {
  it('is computed exactly: 99.4296 % standing on soft 17, 99.2108 % hitting it', () => {
    expect(exactReturn(S17)).toBeCloseTo(0.994296119877, 11);
    expect(exactReturn(H17)).toBeCloseTo(0.99210789495, 10);
  });

  it('follows the known basic strategy', () => {
    const move = (player: string[], up: string) => {
      const floats = dealing(player[0]!, up, player[1]!, '7');
      return basicStrategy(startRound(1_000, floats, S17));
    };
    expect(move(['10', '6'], '10')).toBe('hit');
    expect(move(['10', '6'], '6')).toBe('stand');
    expect(move(['6', '5'], '10')).toBe('double');
    expect(move(['8', '8'], '10')).toBe('split');
    expect(move(['A', 'A'], '6')).toBe('split');
    expect(move(['10', '10'], '6')).toBe('stand');
    expect(move(['A', '7'], '9')).toBe('hit');
    expect(move(['A', '7'], '2')).toBe('stand');
    expect(move(['5', '5'], '9')).toBe('double');
    // Insurance is never worth it: it returns 3 × 4/13 per unit.
    expect(handEvs(1, S17).dealer.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('agrees with 300,000 simulated hands played through the round engine (within 4 standard errors)', () => {
    const result = simulate(300_000, S17, xorshift(20_261_126));
    const se = result.sd / Math.sqrt(result.hands);
    expect(Math.abs(result.meanReturn - exactReturn(S17))).toBeLessThan(4 * se);
  }, 60_000);
});
