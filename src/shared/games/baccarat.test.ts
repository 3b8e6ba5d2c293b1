import { describe, expect, it } from 'vitest';
import {
  bankerDraws,
  type Card,
  cardValue,
  handTotal,
  playHand,
  settle,
  shoeFromFloats,
} from './baccarat.ts';

describe('baccarat (punto banco)', () => {
  it('values cards as the game does: aces one, tens and faces zero', () => {
    expect(['AS', '5H', '9D', '10C', 'JS', 'QH', 'KD'].map((c) => cardValue(c as Card))).toEqual([
      1, 5, 9, 0, 0, 0, 0,
    ]);
    expect(handTotal(['9S', '8H'])).toBe(7);
  });

  it('follows the standard banker third-card table', () => {
    // Rows: banker total 0-7; columns: player's third card value 0-9, then "player stood".
    const table: Record<number, string> = {
      0: 'DDDDDDDDDD D',
      1: 'DDDDDDDDDD D',
      2: 'DDDDDDDDDD D',
      3: 'DDDDDDDDSD D',
      4: 'SSDDDDDDSS D',
      5: 'SSSSDDDDSS D',
      6: 'SSSSSSDDSS S',
      7: 'SSSSSSSSSS S',
    };
    const third: Card[] = ['10S', 'AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S'];
    for (const [total, row] of Object.entries(table)) {
      third.forEach((card, value) => {
        expect(bankerDraws(Number(total), card) ? 'D' : 'S', `banker ${total}, third ${value}`).toBe(
          row[value],
        );
      });
      expect(bankerDraws(Number(total), null) ? 'D' : 'S', `banker ${total}, player stood`).toBe(row[11]);
    }
  });

  it('plays naturals, player draws on 0-5 and stands on 6-7', () => {
    expect(playHand(['9S', '2H', 'KD', '5C'])).toMatchObject({
      player: ['9S', 'KD'],
      winner: 'player',
      playerTotal: 9,
    });
    expect(playHand(['6S', '8H', 'AD', 'KC'])).toMatchObject({
      banker: ['8H', 'KC'],
      winner: 'banker',
      bankerTotal: 8,
    });
    // Player 6 stands; banker 3 draws (player stood → banker draws on 0-5).
    expect(playHand(['6S', '2H', 'KD', 'AC', '4D'])).toMatchObject({
      player: ['6S', 'KD'],
      banker: ['2H', 'AC', '4D'],
      bankerTotal: 7,
      winner: 'banker',
    });
    // Player 3 draws a 2 → 5; banker 4 draws against a 2 → 4 + 3 = 7.
    expect(playHand(['AS', '2H', '2D', '2C', '2S', '3H'])).toMatchObject({
      playerTotal: 5,
      bankerTotal: 7,
      winner: 'banker',
    });
    // Equal totals tie.
    expect(playHand(['7S', '7H', 'KD', 'QC'])).toMatchObject({ winner: 'tie' });
  });

  it('pays player 1:1, banker 0.95:1 and tie 8:1, returning player and banker bets on a tie', () => {
    const bets = { player: 10_000, banker: 20_000, tie: 1_000 };
    expect(settle(bets, 'player')).toBe(20_000);
    expect(settle(bets, 'banker')).toBe(39_000);
    expect(settle(bets, 'tie')).toBe(39_000);
    expect(settle({ banker: 10_001 }, 'banker')).toBe(19_501);
    expect(settle({}, 'tie')).toBe(0);
  });

  it('draws six distinct cards from an 8-deck shoe, the same for the same numbers', () => {
    const floats = [0.1, 0.99, 0.5, 0, 0.75, 0.3];
    const shoe = shoeFromFloats(floats);
    expect(shoe).toHaveLength(6);
    expect(shoeFromFloats(floats)).toEqual(shoe);
    expect(shoeFromFloats([0, 0, 0, 0, 0, 0])).toEqual(['AS', '2S', '3S', '4S', '5S', '6S']);
  });
});
