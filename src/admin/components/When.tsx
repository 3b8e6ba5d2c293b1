import { intlLocale } from '../i18n/index.ts';

/** A date and time in the operator's zone and language, to the minute; a dash when missing. */
export function When({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span>-</span>;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return <span>-</span>;
  const text = date.toLocaleString(intlLocale(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return <time dateTime={date.toISOString()}>{text}</time>;
}
