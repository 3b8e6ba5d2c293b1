import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { dayIn } from '../../../shared/zoned-time.ts';

/** What the listing shows: every match, those in play, or those starting on one day of the site's zone. */
export type DayFilter = { kind: 'all' } | { kind: 'live' } | { kind: 'day'; day: string };

/** How many days ahead the date picker offers (today included). */
export const DAYS_AHEAD = 7;

/**
 * Today and the next days in the site's zone (never the browser's): each day's key, from noon of
 * today stepped a day at a time, so a zone's daylight-saving hour never skips or repeats a day.
 */
export function nextDays(timeZone: string, now: Date, count = DAYS_AHEAD): string[] {
  const [y, m, d] = dayIn(now, timeZone).split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i, 12)).toISOString().slice(0, 10),
  );
}

/** The events a filter keeps, in the order given. */
export function filterByDay(events: SportEvent[], filter: DayFilter, timeZone: string): SportEvent[] {
  if (filter.kind === 'all') return events;
  if (filter.kind === 'live') return events.filter((e) => e.status === 'live');
  return events.filter((e) => dayIn(e.startsAt, timeZone) === filter.day);
}
