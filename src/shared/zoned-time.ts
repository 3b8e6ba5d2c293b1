/**
 * Times as members and operators read them: always in the site's IANA time zone (a Thai site's in
 * Bangkok time, a Korean site's in Seoul's), never the browser's, and saying which zone ("GMT+7").
 * Server and browsers run the same code; Intl holds the zone rules.
 */

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

const partFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A valid Date from what the API sends (ISO text, epoch ms, a Date), or undefined. */
export function toDate(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function partsIn(date: Date, timeZone: string): Parts {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return parts as Parts;
}

/** The zone's offset from UTC at that moment, as "GMT+7", "GMT+9", "GMT+5:30" or "GMT" (UTC). */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormats.set(timeZone, format);
  }
  const label = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  // Some ICU builds say "GMT+0" for UTC itself.
  return label === 'GMT+0' ? 'GMT' : label;
}

/** YYYY-MM-DD of that moment in the zone; a dash when there is no date. */
export function dayIn(value: unknown, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '-';
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "YYYY-MM-DD HH:mm (GMT+7)": the moment in the zone, to the minute, with the zone named; a dash when empty. */
export function dateTimeIn(value: unknown, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '-';
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} (${zoneLabel(timeZone, date)})`;
}

/** How far the zone's clock is ahead of UTC at that moment, in ms (to the minute). */
function offsetMs(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return wall - Math.floor(date.getTime() / 60_000) * 60_000;
}

/**
 * The moment a wall time ("YYYY-MM-DDTHH:mm", what a datetime-local input holds) is in the zone; undefined
 * for text that is not one.
 */
export function instantOfWallTime(wall: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(wall);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  if (Number.isNaN(asUtc)) return undefined;
  // The offset at the guess, then again at the result: right across a change of summer time.
  let at = asUtc - offsetMs(new Date(asUtc), timeZone);
  at = asUtc - offsetMs(new Date(at), timeZone);
  return new Date(at + Number(sec) * 1000);
}

/** A moment as the zone's wall time, "YYYY-MM-DDTHH:mm" (a datetime-local input's value); '' when empty. */
export function wallTimeIn(value: unknown, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The moment a day ("YYYY-MM-DD") begins in the zone: what a date filter's "from" means on the site
 * (midnight in Bangkok, not in the browser's zone); undefined for text that is not a day.
 */
export function startOfDayIn(day: string, timeZone: string): Date | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? instantOfWallTime(day, timeZone) : undefined;
}

/**
 * A moment in the zone in a language's own way (Intl's date and time for `intlLocale`, to the minute),
 * naming the zone: what the back office shows in the operator's language.
 */
export function localeDateTimeIn(value: unknown, timeZone: string, intlLocale: string): string {
  const date = toDate(value);
  if (!date) return '-';
  const text = date.toLocaleString(intlLocale, {
    timeZone,
    calendar: 'gregory',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${text} (${zoneLabel(timeZone, date)})`;
}

/** The day after a "YYYY-MM-DD" day, as the same kind of text. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
