import { localeDateTimeIn, toDate } from '../../shared/zoned-time.ts';
import { useTimeZone } from '../features/session/site-zone.ts';
import { intlLocale } from '../i18n/index.ts';

/**
 * A date and time in the operator's language and the site's time zone (the record's site when the
 * screen knows it, else the one the operator chose), naming the zone; a dash when missing.
 */
export function When({ value, timeZone }: { value: unknown; timeZone?: string | undefined }) {
  const chosen = useTimeZone();
  const date = toDate(value);
  const zone = timeZone ?? chosen;
  if (!date || !zone) return <span>-</span>;
  return <time dateTime={date.toISOString()}>{localeDateTimeIn(date, zone, intlLocale())}</time>;
}
