import { describe, expect, it } from 'vitest';
import type { Bet } from '../../shared/contract/sports-api.ts';
import { betStateOf } from './betState.ts';

const legs = (...states: string[]) => states.map((state) => ({ state })) as Bet['legs'];
const bet = (over: Partial<Bet>) =>
  ({ kind: 'multiple', status: 'open', settledReturn: null, legs: legs('open', 'open'), ...over }) as Bet;

describe('how My bets reads a bet', () => {
  it('reads an open bet open, with its delay or its stake on the way too', () => {
    expect(betStateOf(bet({}))).toBe('open');
    expect(betStateOf(bet({ status: 'delayed' }))).toBe('open');
    expect(betStateOf(bet({ status: 'pending' }))).toBe('open');
    expect(betStateOf(bet({ legs: legs('won', 'open') }))).toBe('open');
  });

  it('reads a multiple with a lost leg lost at once, before its settlement', () => {
    expect(betStateOf(bet({ legs: legs('lost', 'open') }))).toBe('lost');
    expect(betStateOf(bet({ kind: 'single', legs: legs('lost') }))).toBe('lost');
    // A system bet may still pay on its other lines.
    expect(betStateOf(bet({ kind: 'system', legs: legs('lost', 'open', 'open') }))).toBe('open');
  });

  it('reads a settled bet with nothing back lost, one with a return settled', () => {
    expect(betStateOf(bet({ status: 'settled', settledReturn: 0, legs: legs('lost', 'won') }))).toBe('lost');
    expect(betStateOf(bet({ status: 'settled', settledReturn: 5_000, legs: legs('won', 'won') }))).toBe(
      'settled',
    );
    expect(betStateOf(bet({ status: 'cashed_out', settledReturn: 800 }))).toBe('cashed_out');
  });
});
