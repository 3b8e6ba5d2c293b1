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

/**
 * A wall time of one zone as the same moment's wall time in another (a form's field when the operator
 * chooses another site); text that is not a whole wall time (empty, half typed) stays as it is.
 * Seconds, for a field to the second, are the same in both: the sites' zones differ by whole minutes.
 */
export function rezonedWallTime(wall: string, from: string | undefined, to: string | undefined): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(wall)) return wall;
  const instant = instantOfWallTime(wall, from ?? 'UTC');
  return instant ? `${wallTimeIn(instant, to ?? 'UTC')}${wall.slice(16)}` : wall;
}
