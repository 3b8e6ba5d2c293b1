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

/** A status word as a coloured pill: waiting amber, done green, refused red. */
export function Pill({ value, label }: { value: string; label?: string }) {
  return <span className={`${styles.pill} ${TONE[value] ?? ''}`}>{label ?? value}</span>;
}
