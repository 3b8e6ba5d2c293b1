import type { ReactNode } from 'react';
import cashier from '../cashier/cashier.module.css';
import { HistoryFilters } from './HistoryFilters.tsx';
import styles from './history.module.css';
import type { HistoryFilter } from './queries.ts';
import { ShowOlder } from './ShowOlder.tsx';

/**
 * A history on my page: its title, its filters, its rows (the `li`s given as children) or the line
 * saying there are none, and the button that loads older pages.
 */
export function HistorySection(props: {
  title: string;
  testId: string;
  kinds: readonly string[];
  filter: HistoryFilter;
  onFilter(next: HistoryFilter): void;
  pages: Parameters<typeof ShowOlder>[0]['pages'];
  /** The line shown instead of the list when the filter matches nothing; null while there are rows. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className={cashier.history} aria-label={props.title} data-testid={props.testId}>
      <h2>{props.title}</h2>
      <HistoryFilters
        label={props.title}
        value={props.filter}
        kinds={props.kinds}
        onChange={props.onFilter}
      />
      {props.empty !== null ? (
        <p className={cashier.muted}>{props.empty}</p>
      ) : (
        <ul className={styles.list}>{props.children}</ul>
      )}
      <ShowOlder pages={props.pages} />
    </section>
  );
}
