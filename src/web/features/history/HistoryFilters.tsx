import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/DateField.tsx';
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
  const dateLabels = { placeholder: t('common:datePlaceholder'), pickLabel: t('common:pickDate') };
  return (
    <fieldset className={styles.filters} aria-label={label}>
      <label>
        <span>{t('from')}</span>
        <DateField
          value={value.from}
          max={value.to || undefined}
          onChange={(from) => onChange({ ...value, from })}
          {...dateLabels}
        />
      </label>
      <label>
        <span>{t('to')}</span>
        <DateField
          value={value.to}
          min={value.from || undefined}
          onChange={(to) => onChange({ ...value, to })}
          {...dateLabels}
        />
      </label>
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
