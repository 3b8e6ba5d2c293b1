import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { Field, Select } from '../../components/Field.tsx';
import { fromLocalInput } from '../../components/local-time.ts';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { useWallTimeFields } from '../../components/zone-follow.ts';
import { useTimeZone } from '../session/site-zone.ts';
import { sportLabel } from './market-label.ts';
import { type EventSearch, useDeskFilters } from './queries.ts';

/** What the form holds: dates as the operator typed them (the site's wall time). */
interface Draft {
  q: string;
  sport: string;
  competition: string;
  from: string;
  to: string;
}
const EMPTY: Draft = { q: '', sport: '', competition: '', from: '', to: '' };

/**
 * The desk's event search: what a trader types (the start of an event's name or a team's), a sport,
 * a league, a date range in the site's time; the server searches and pages.
 */
export function EventSearchForm({ onSearch }: { onSearch(search: EventSearch): void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const filters = useDeskFilters().data;
  const [draft, setDraft, bind] = useTextFields<Draft>(EMPTY);
  // Another site chosen meanwhile moves the dates typed to its wall time.
  useWallTimeFields(zone, setDraft, ['from', 'to']);
  const leagues = (filters?.competitions ?? []).filter((c) => !draft.sport || c.sport === draft.sport);
  const submit = (d: Draft) =>
    onSearch({
      q: d.q.trim() || undefined,
      sport: d.sport || undefined,
      competition: d.competition || undefined,
      from: fromLocalInput(d.from, zone) ?? undefined,
      to: fromLocalInput(d.to, zone) ?? undefined,
      page: 1,
    });
  return (
    <form
      className={ui.row}
      aria-label={t('trading.search.label')}
      onSubmit={(e) => {
        e.preventDefault();
        submit(draft);
      }}
    >
      <Field label={t('trading.search.text')} maxLength={100} {...bind('q')} />
      <Select label={t('trading.search.sport')} {...bind('sport')}>
        <option value="">{t('trading.search.any')}</option>
        {filters?.sports.map((s) => (
          <option key={s.code} value={s.code}>
            {sportLabel(t, s)}
          </option>
        ))}
      </Select>
      <Select label={t('trading.search.league')} {...bind('competition')}>
        <option value="">{t('trading.search.any')}</option>
        {leagues.map((c) => (
          <option key={c.id} value={String(c.id)} translate="no">
            {c.name}
          </option>
        ))}
      </Select>
      <Field label={t('trading.search.from')} type="datetime-local" {...bind('from')} />
      <Field label={t('trading.search.to')} type="datetime-local" {...bind('to')} />
      <Button type="submit" className={ui.small}>
        {t('trading.search.go')}
      </Button>
      <Button
        variant="ghost"
        className={ui.small}
        onClick={() => {
          setDraft(EMPTY);
          submit(EMPTY);
        }}
      >
        {t('trading.search.clear')}
      </Button>
    </form>
  );
}
