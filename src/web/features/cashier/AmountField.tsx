import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';
import { formatMoney, minorPerMajor } from '../../../shared/money.ts';
import { useCashRules, useCurrency } from '../site/site.ts';
import styles from './cashier.module.css';

/** The quick-add buttons, in steps of the site's amount step: 10,000 won gives +10,000 … +1,000,000. */
const QUICK_STEPS = [1, 5, 10, 50, 100];

/** The site's amount step as the label names it: ฿100.00, ₩10,000 (a bare number until the site loads). */
export function useStepText(): string {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const currency = useCurrency();
  const { step } = useCashRules();
  return currency ? formatMoney(step, currency, locale) : formatNumber(step, locale);
}

/**
 * The amount box with quick-add buttons. The member types whole major units of the site's currency
 * (baht, won; the steps are whole units), shown with thousands separators; `value` is minor units.
 */
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
  const currency = useCurrency();
  const rules = useCashRules();
  const perMajor = currency ? minorPerMajor(currency) : 1;
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
        value={value ? formatNumber(Math.trunc(value / perMajor), locale) : ''}
        placeholder="0"
        onChange={(e) => onChange((Number(e.target.value.replace(/\D/g, '').slice(0, 13)) || 0) * perMajor)}
      />
      <div className={styles.quick}>
        {QUICK_STEPS.map((times) => (
          <button key={times} type="button" onClick={() => onChange(value + times * rules.step)}>
            +{formatNumber((times * rules.step) / perMajor, locale)}
          </button>
        ))}
        <button type="button" onClick={() => onChange(0)}>
          {t('reset')}
        </button>
      </div>
    </div>
  );
}
