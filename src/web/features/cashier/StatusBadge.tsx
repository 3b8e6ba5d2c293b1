import { useTranslation } from 'react-i18next';
import { statusLabel } from '../../../shared/format.ts';
import styles from './cashier.module.css';

const KNOWN = new Set(['pending', 'done', 'cancelled', 'reversed']);

/**
 * A request status word as the product labels it (SPEC §2): wait/reg pending, already done, cansel
 * cancelled; `reversed` for a deposit its payment provider took back (the reply's `reversal`).
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('cashier');
  const label = statusLabel(status);
  return (
    <span className={`${styles.status} ${styles[label] ?? ''}`}>
      {KNOWN.has(label) ? t(`statusLabel.${label}`) : label}
    </span>
  );
}
