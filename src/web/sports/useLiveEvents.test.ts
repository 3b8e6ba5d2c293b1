import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../../shared/contract/sports-api.ts';
import { inListingOrder } from './useLiveEvents.ts';

const event = (id: number, startsAt: string, status = 'scheduled'): SportEvent => ({
  id,
  sportCode: 'football',
  sport: 'Football',
  competitionId: 1,
  competition: 'League',
  name: `Match ${id}`,
  home: null,
  away: null,
  startsAt,
  status,
  betStopAt: null,
  score: null,
  markets: [],
});

describe('the sports window keeps the listing order as events arrive', () => {
  it('puts live events first, then the rest by start time, ties by id', () => {
    const listed = [
      event(1, '2026-11-25T10:00:00Z'),
      event(2, '2026-11-25T12:00:00Z'),
      event(3, '2026-11-24T20:00:00Z', 'live'),
    ];
    // A match opened later that starts between two listed ones, and one at the same time as the first.
    const arrived = [event(9, '2026-11-25T11:00:00Z'), event(5, '2026-11-25T10:00:00Z')];
    expect(inListingOrder([...listed, ...arrived]).map((e) => e.id)).toEqual([3, 1, 5, 9, 2]);
  });
});
