import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../contract/sports-api.ts';
import { applyEventDelta, eventDelta } from './event-delta.ts';

const event = (): SportEvent => ({
  id: 7,
  sportCode: 'football',
  sport: 'Football',
  competitionId: 1,
  competition: 'League',
  name: 'A v B',
  home: 'A',
  away: 'B',
  startsAt: '2026-11-27T10:00:00Z',
  status: 'live',
  betStopAt: null,
  score: { home: 0, away: 0 },
  markets: [
    {
      id: 70,
      type: '1x2',
      name: 'Match result',
      params: {},
      status: 'open',
      version: 1,
      rounding: 'down',
      selections: [
        { id: 701, key: 'home', name: 'Home', price: '2/1', open: true },
        { id: 702, key: 'draw', name: 'Draw', price: '12/5', open: true },
        { id: 703, key: 'away', name: 'Away', price: '3/1', open: true },
      ],
    },
  ],
});

describe('a live event as a delta', () => {
  it('carries only the selection that moved, and applying it gives the new event', () => {
    const before = event();
    const after = event();
    after.markets[0]!.version = 2;
    after.markets[0]!.selections[1]!.price = '5/2';
    after.score = { home: 1, away: 0, clock: "12'" };
    const delta = eventDelta(before, after);
    expect(delta).toEqual({
      id: 7,
      score: { home: 1, away: 0, clock: "12'" },
      markets: [{ id: 70, version: 2, selections: [{ id: 702, price: '5/2' }] }],
    });
    expect(applyEventDelta(before, delta as Exclude<typeof delta, 'whole' | null>)).toEqual(after);
  });

  it('is nothing when nothing moved, and the whole event when a market or a name changed', () => {
    expect(eventDelta(event(), event())).toBeNull();
    const renamed = event();
    renamed.name = 'A v C';
    expect(eventDelta(event(), renamed)).toBe('whole');
    const more = event();
    more.markets.push({ ...more.markets[0]!, id: 71 });
    expect(eventDelta(event(), more)).toBe('whole');
    const closed = event();
    closed.markets[0]!.status = 'suspended';
    closed.markets[0]!.selections[0]!.open = false;
    expect(eventDelta(event(), closed)).toEqual({
      id: 7,
      markets: [{ id: 70, status: 'suspended', selections: [{ id: 701, open: false }] }],
    });
  });
});
