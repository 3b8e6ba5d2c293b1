import { describe, expect, it } from 'vitest';
import { deskResultOf, liveScoreOf, resultText, resultWarnings } from './result-check.ts';

describe('the desk’s check of a result before it settles', () => {
  const score = (home: number, away: number) => ({ kind: 'score' as const, home, away });

  it('warns of a score that differs from the live one, and of an event still in play', () => {
    const live = { status: 'live', score: { home: 1, away: 0, clock: "80'" } };
    expect(resultWarnings(score(2, 0), live)).toEqual(['score_differs', 'in_play']);
    expect(resultWarnings(score(1, 0), live)).toEqual(['in_play']);
    expect(resultWarnings(score(1, 0), { status: 'ended', score: { home: 1, away: 0 } })).toEqual([]);
    expect(resultWarnings(score(3, 3), { status: 'ended', score: { home: 1, away: 0 } })).toEqual([
      'score_differs',
    ]);
  });

  it('has no live score to compare with when the event carries none, nor for winners or void', () => {
    expect(resultWarnings(score(2, 1), { status: 'scheduled', score: null })).toEqual([]);
    const ended = { status: 'ended', score: { home: 0, away: 0 } };
    expect(resultWarnings({ kind: 'winners', winners: [{ key: 'home' }] }, ended)).toEqual([]);
    expect(resultWarnings({ kind: 'void' }, { status: 'live', score: { home: 0, away: 0 } })).toEqual([
      'in_play',
    ]);
  });

  it('reads the free JSON of scores and stored results, and names them', () => {
    expect(liveScoreOf({ home: 2, away: 1, clock: "90'" })).toEqual({ home: 2, away: 1, clock: "90'" });
    expect(liveScoreOf({ home: '2', away: 1 })).toBeNull();
    expect(liveScoreOf(null)).toBeNull();
    expect(deskResultOf({ kind: 'score', home: 2, away: 1 })).toEqual(score(2, 1));
    expect(deskResultOf({ kind: 'other' })).toBeNull();
    expect(resultText(score(2, 1))).toBe('2–1');
    const winners = deskResultOf({ kind: 'winners', winners: [{ key: 'a', deadHeat: '1/2' }, { key: 'b' }] });
    expect(resultText(winners!, new Map([['a', 'Amber Foxes']]))).toBe('won by Amber Foxes, b');
    expect(resultText({ kind: 'void' })).toBe('void');
  });
});
