import type { ReactNode } from 'react';
import styles from './cashier.module.css';

/** A past-requests card (cashier, bonuses): its title, then its table, or the line saying there is nothing yet. */
export function HistoryTable(props: {
  title: string;
  testId?: string;
  /** The column headings ('' for a column without one). */
  columns: string[];
  /** The line shown instead of the table while it has no row. */
  empty: string | null;
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <section className={styles.history} data-testid={props.testId}>
      <h2>{props.title}</h2>
      {props.empty !== null ? (
        <p className={styles.muted}>{props.empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {props.columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed; one may be empty
                <th key={i}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>{props.children}</tbody>
        </table>
      )}
    </section>
  );
}
