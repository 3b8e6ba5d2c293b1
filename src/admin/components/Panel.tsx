import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** A titled card; every back-office section sits in one. */
export function Panel({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-label={title}>
      <div className={styles.pageHead}>
        <h2 className={styles.panelTitle}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The heading row of a page, with optional actions on the right. */
export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.pageHead}>
      <h1 className={styles.pageTitle}>{title}</h1>
      {children}
    </div>
  );
}
