import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

const TONE: Record<string, string | undefined> = {
  wait: styles.pillWait,
  reg: styles.pillWait,
  open: styles.pillWait,
  scheduled: styles.pillWait,
  postponed: styles.pillWait,
  success: styles.pillGood,
  active: styles.pillGood,
  answered: styles.pillGood,
  live: styles.pillGood,
  closed: styles.pillGood,
  y: styles.pillGood,
  cancel: styles.pillBad,
  blocked: styles.pillBad,
  rejected: styles.pillBad,
  n: styles.pillBad,
  ended: styles.pillBad,
  cancelled: styles.pillBad,
};

/** A status word as a coloured pill: waiting amber, done green, refused red; the word in the operator's language. */
export function Pill({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.pill} ${TONE[value] ?? ''}`}>
      {label ?? t(`status.${value}`, { defaultValue: value })}
    </span>
  );
}
