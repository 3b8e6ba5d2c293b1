import type { ReactNode } from 'react';
import panel from '../../components/ui/panel.module.css';
import cashier from '../cashier/cashier.module.css';
import { HistoryFilters } from './HistoryFilters.tsx';
import styles from './history.module.css';
import type { History } from './queries.ts';
import { ShowOlder } from './ShowOlder.tsx';

/**
 * A history on my page: its title, its filters, its rows (the `li`s given as children) or the line
 * saying there are none, and the button that loads older pages. A panel like the page's others (the
 * cashier's smaller card stood out among them).
 */
export function HistorySection(props: {
  title: string;
  testId: string;
  kinds: readonly string[];
  history: History;
  /** The line shown instead of the list when the filter matches nothing. */
  empty: string;
  children: ReactNode;
}) {
  const { filter, setFilter, pages, rows } = props.history;
  return (
    <section className={panel.panel} aria-label={props.title} data-testid={props.testId}>
      <h2>{props.title}</h2>
      <HistoryFilters label={props.title} value={filter} kinds={props.kinds} onChange={setFilter} />
      {pages.isSuccess && rows.length === 0 ? (
        <p className={cashier.muted}>{props.empty}</p>
      ) : (
        <ul className={styles.list}>{props.children}</ul>
      )}
      <ShowOlder pages={pages} />
    </section>
  );
}
