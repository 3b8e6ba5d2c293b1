import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';
import styles from './cashier.module.css';

const QUICK = [10_000, 50_000, 100_000, 500_000, 1_000_000];

/** The amount box with quick-add buttons; only digits go in, shown with thousands separators. */
export function AmountField({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange(v: number): void;
  label: string;
}) {
  const { t, i18n } = useTranslation('cashier');
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <div className={styles.amount}>
      <label className={styles.label} htmlFor="amount">
        {label}
      </label>
      <input
        id="amount"
        name="amount"
        className={styles.amountInput}
        inputMode="numeric"
        autoComplete="off"
        value={value ? formatNumber(value, locale) : ''}
        placeholder="0"
        onChange={(e) => onChange(Number(e.target.value.replace(/\D/g, '').slice(0, 13)) || 0)}
      />
      <div className={styles.quick}>
        {QUICK.map((step) => (
          <button key={step} type="button" onClick={() => onChange(value + step)}>
            +{formatNumber(step, locale)}
          </button>
        ))}
        <button type="button" onClick={() => onChange(0)}>
          {t('reset')}
        </button>
      </div>
    </div>
  );
}
