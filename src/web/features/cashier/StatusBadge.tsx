import { useTranslation } from 'react-i18next';
import { statusLabel } from '../../../shared/format.ts';
import styles from './cashier.module.css';

const KNOWN = new Set(['pending', 'done', 'cancelled']);

/** A request status word as the product labels it (SPEC §2): wait/reg pending, already done, cansel cancelled. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('cashier');
  const label = statusLabel(status);
  return (
    <span className={`${styles.status} ${styles[label] ?? ''}`}>
      {KNOWN.has(label) ? t(`statusLabel.${label}`) : label}
    </span>
  );
}
