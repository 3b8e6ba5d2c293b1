import { describe, expect, it } from 'vitest';
import { playedFromLink, verifyLinkParams } from './verify-link.ts';

const through = (params: Record<string, string>) => playedFromLink(new URLSearchParams(params));

describe('what a verify link says a table round was played with', () => {
  it('carries a blackjack round’s bet, rules and moves, and a roulette spin’s bets and la partage', () => {
    const hand = {
      bet: 25_000,
      rules: { dealerHitsSoft17: true },
      moves: ['split', 'double', 'hit', 'stand'],
    };
    expect(through(verifyLinkParams('blackjack', hand, null))).toEqual(hand);
    const s17 = { bet: 1_000, rules: { dealerHitsSoft17: false }, moves: [] };
    expect(through(verifyLinkParams('blackjack', s17, null))).toEqual(s17);
    const bets = { red: 5_000, 'split:17-20': 1_000, 'corner:0-1-2-3': 2_000 };
    expect(through(verifyLinkParams('roulette', bets, { laPartage: true }))).toEqual({
      bets,
      laPartage: true,
    });
    expect(through(verifyLinkParams('roulette', bets, { laPartage: false }))).toEqual({ bets });
    expect(verifyLinkParams('slot', { lineBet: 100 }, null)).toEqual({});
  });

  it('leaves out what is malformed: the player may type it in', () => {
    expect(through({ bets: '{not json', bet: '-5', moves: 'hit,peek,,stand' })).toEqual({
      rules: { dealerHitsSoft17: false },
      moves: ['hit', 'stand'],
    });
    expect(through({ bets: '[1000]' })).toEqual({});
    expect(through({ bets: '{"red":1.5,"black":1000}' })).toEqual({ bets: { black: 1_000 } });
    expect(through({})).toEqual({});
  });
});
