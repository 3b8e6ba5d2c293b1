import { Field } from '../../components/Field.tsx';
import styles from './trading.module.css';

/**
 * The trader's reason for a book correction (a cancel window, a reconciliation finding): 3 to 300
 * characters, as the server's audit trail requires, on a line of its own.
 */
export function ReasonField(props: {
  label: string;
  placeholder: string;
  value: string;
  onValue(value: string): void;
}) {
  return (
    <span className={styles.reason}>
      <Field required minLength={3} maxLength={300} {...props} />
    </span>
  );
}
