/** Dates in a site's time zone (IANA name), without a library: Intl gives the wall-clock parts. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, timezone: string) {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  const parts = f.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    y: get('year'),
    mo: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/** Minutes the zone is ahead of UTC at `date`. */
function offsetMinutes(date: Date, timezone: string): number {
  const p = partsIn(date, timezone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** ISO 8601 with the zone's offset: 2026-11-24T18:40:01+07:00. */
export function isoInZone(date: Date, timezone: string): string {
  const p = partsIn(date, timezone);
  const off = offsetMinutes(date, timezone);
  const sign = off < 0 ? '-' : '+';
  return (
    `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}` +
    `${sign}${pad(Math.trunc(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`
  );
}

/** The instant a local day (YYYY-MM-DD) starts in the zone. */
export function startOfDay(day: string, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let instant = wall - offsetMinutes(new Date(wall), timezone) * 60000;
  // Across a change of offset (summer time) the first guess is off by the change: correct once.
  instant = wall - offsetMinutes(new Date(instant), timezone) * 60000;
  return new Date(instant);
}

/** The local day (YYYY-MM-DD) of an instant in the zone. */
export function dayInZone(date: Date, timezone: string): string {
  const p = partsIn(date, timezone);
  return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`;
}

/** A valid calendar day: 2026-02-30 is refused. */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
