import { useTranslation } from 'react-i18next';
import { DateRange } from '../../components/ui/DateRange.tsx';
import styles from './history.module.css';
import type { HistoryFilter } from './queries.ts';

/** From/to days and a kind; every change asks for the first page again. */
export function HistoryFilters({
  label,
  value,
  kinds,
  onChange,
}: {
  label: string;
  value: HistoryFilter;
  kinds: readonly string[];
  onChange(next: HistoryFilter): void;
}) {
  const { t } = useTranslation('user');
  return (
    <fieldset className={styles.filters} aria-label={label}>
      <DateRange
        from={value.from}
        to={value.to}
        onFrom={(from) => onChange({ ...value, from })}
        onTo={(to) => onChange({ ...value, to })}
        fromLabel={t('from')}
        toLabel={t('to')}
        placeholder={t('common:datePlaceholder')}
        pickLabel={t('common:pickDate')}
      />
      <label>
        <span>{t('kind')}</span>
        <select value={value.kind} onChange={(e) => onChange({ ...value, kind: e.target.value })}>
          <option value="">{t('allKinds')}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
