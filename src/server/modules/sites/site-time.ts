import { TZDate } from '@date-fns/tz';

/** Dates in a site's time zone (IANA name), through @date-fns/tz's TZDate. */

/** ISO 8601 to the second with the zone's offset: 2026-11-24T18:40:01+07:00. */
export function isoInZone(date: Date, timezone: string): string {
  const second = Math.floor(date.getTime() / 1000) * 1000;
  return new TZDate(second, timezone).toISOString().replace('.000', '');
}

/** The instant a local day (YYYY-MM-DD) starts in the zone. */
export function startOfDay(day: string, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // A plain Date: the database drivers format a Date's own getters, which TZDate moves to the zone.
  return new Date(new TZDate(y, m - 1, d, timezone).getTime());
}

/** The local day (YYYY-MM-DD) of an instant in the zone. */
export function dayInZone(date: Date, timezone: string): string {
  return new TZDate(date, timezone).toISOString().slice(0, 10);
}

/** Minutes past local midnight in the zone. */
export function minutesInZone(date: Date, timezone: string): number {
  const local = new TZDate(date, timezone);
  return local.getHours() * 60 + local.getMinutes();
}

/** A valid calendar day: 2026-02-30 is refused. */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
