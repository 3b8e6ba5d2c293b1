import { instantOfWallTime, wallTimeIn } from '../../shared/zoned-time.ts';

/**
 * `<input type="datetime-local">` speaks wall time without a zone; the API wants an instant. The wall
 * time is the site's (its time zone, as every time the back office shows), never the browser's; UTC
 * only before the operator's session has said which.
 */
export function toLocalInput(iso: string | null | undefined, timeZone: string | undefined): string {
  return wallTimeIn(iso, timeZone ?? 'UTC');
}

export function fromLocalInput(value: string, timeZone: string | undefined): string | null {
  if (!value) return null;
  return instantOfWallTime(value, timeZone ?? 'UTC')?.toISOString() ?? null;
}
