import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { dayIn } from '../../../shared/zoned-time.ts';
import { filterByDay, nextDays } from './dayFilter.ts';

const event = (id: number, startsAt: string, status = 'scheduled') =>
  ({ id, startsAt, status }) as SportEvent;

describe('the listing’s day filters, in the site’s time zone', () => {
  it('counts days in the site’s zone, not UTC’s', () => {
    // 20:00 UTC is already the next day in Bangkok (UTC+7) and Seoul (UTC+9).
    const at = new Date('2026-11-27T20:00:00Z');
    expect(dayIn(at, 'UTC')).toBe('2026-11-27');
    expect(dayIn(at, 'Asia/Bangkok')).toBe('2026-11-28');
    expect(nextDays('Asia/Bangkok', at, 3)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
  });

  it('keeps no day twice and skips none across a daylight-saving change', () => {
    const days = nextDays('Europe/London', new Date('2026-10-23T23:30:00Z'), 7);
    expect(days).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
    ]);
  });

  it('filters live now, a day, or nothing', () => {
    const events = [
      event(1, '2026-11-27T16:30:00Z', 'live'),
      event(2, '2026-11-27T16:59:00Z'), // 23:59 in Bangkok
      event(3, '2026-11-27T17:00:00Z'), // 00:00 the next day in Bangkok
    ];
    expect(filterByDay(events, { kind: 'all' }, 'Asia/Bangkok').map((e) => e.id)).toEqual([1, 2, 3]);
    expect(filterByDay(events, { kind: 'live' }, 'Asia/Bangkok').map((e) => e.id)).toEqual([1]);
    expect(filterByDay(events, { kind: 'day', day: '2026-11-27' }, 'Asia/Bangkok').map((e) => e.id)).toEqual([
      1, 2,
    ]);
    expect(filterByDay(events, { kind: 'day', day: '2026-11-28' }, 'Asia/Bangkok').map((e) => e.id)).toEqual([
      3,
    ]);
  });
});
