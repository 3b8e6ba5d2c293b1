import { INTL_LOCALE } from '../../../shared/format.ts';
import { sportsLocale, useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import browse from './browse.module.css';
import type { DayFilter } from './dayFilter.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day key (`YYYY-MM-DD`) as the member reads it: "Sun 29 Nov", in their language. */
function dayLabel(day: string): string {
  const locale = INTL_LOCALE[sportsLocale];
  let format = dayFormats.get(locale);
  if (!format) {
    // Built once per language: each Intl formatter costs a phone milliseconds to build.
    format = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      calendar: 'gregory',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

/**
 * The listing's filters: all matches, live now (with its count), today, tomorrow, and a date picker for
 * the days after (the next 7 days in all, in the site's time zone).
 */
export function DateFilter(props: {
  days: string[];
  filter: DayFilter;
  liveCount: number;
  onFilter(filter: DayFilter): void;
}) {
  const t = useSportsT();
  const [today, tomorrow, ...later] = props.days;
  const is = (f: DayFilter) =>
    f.kind === props.filter.kind &&
    (f.kind !== 'day' || (props.filter.kind === 'day' && f.day === props.filter.day));
  const chip = (f: DayFilter, label: string, id: string) => (
    <button
      type="button"
      aria-pressed={is(f)}
      className={is(f) ? styles.chipActive : styles.chip}
      onClick={() => props.onFilter(f)}
      data-testid={`day-${id}`}
    >
      {label}
    </button>
  );
  const laterPicked = props.filter.kind === 'day' && later.includes(props.filter.day) ? props.filter.day : '';
  return (
    <div className={`${styles.chips} ${browse.dayFilter}`} data-testid="day-filter">
      {chip({ kind: 'all' }, t('days.all'), 'all')}
      {chip({ kind: 'live' }, `${t('liveNow')} (${props.liveCount})`, 'live')}
      {today && chip({ kind: 'day', day: today }, t('days.today'), 'today')}
      {tomorrow && chip({ kind: 'day', day: tomorrow }, t('days.tomorrow'), 'tomorrow')}
      <select
        aria-label={t('days.pick')}
        className={laterPicked ? styles.chipActive : styles.chip}
        value={laterPicked}
        onChange={(e) =>
          props.onFilter(e.target.value ? { kind: 'day', day: e.target.value } : { kind: 'all' })
        }
        data-testid="day-pick"
      >
        <option value="">{t('days.pick')}</option>
        {later.map((day) => (
          <option key={day} value={day}>
            {dayLabel(day)}
          </option>
        ))}
      </select>
    </div>
  );
}
