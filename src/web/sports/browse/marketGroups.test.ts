import { describe, expect, it } from 'vitest';
import { groupMarkets, groupOf } from './marketGroups.ts';

describe('the event page’s market groups', () => {
  it('puts each market type in its group, first-half markets with the halves', () => {
    expect(groupOf({ type: '1x2', params: {} })).toBe('main');
    expect(groupOf({ type: 'double_chance', params: {} })).toBe('main');
    expect(groupOf({ type: 'total', params: { line: '2.5' } })).toBe('goals');
    expect(groupOf({ type: 'btts', params: {} })).toBe('goals');
    expect(groupOf({ type: 'correct_score', params: {} })).toBe('goals');
    expect(groupOf({ type: 'handicap_3way', params: { line: '-1' } })).toBe('handicaps');
    expect(groupOf({ type: 'total', params: { line: '1.5', period: 'ht' } })).toBe('halves');
    expect(groupOf({ type: 'ht_ft', params: {} })).toBe('halves');
    expect(groupOf({ type: 'outright', params: {} })).toBe('other');
  });

  it('orders the groups main, goals, halves, handicaps, other, and leaves empty ones out', () => {
    const markets = [
      { id: 1, type: 'handicap', params: { line: '-0.5' } },
      { id: 2, type: 'total', params: { line: '2.5' } },
      { id: 3, type: '1x2', params: {} },
      { id: 4, type: 'btts', params: {} },
    ];
    expect(groupMarkets(markets).map(([g, ms]) => [g, ms.map((m) => m.id)])).toEqual([
      ['main', [3]],
      ['goals', [2, 4]],
      ['handicaps', [1]],
    ]);
  });
});
