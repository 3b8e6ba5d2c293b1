import { Suspense } from 'react';
import { Outlet } from 'react-router';
import styles from './Layout.module.css';

/** The frame for pages that supply their own layout: just the page. */
export function BareLayout() {
  return (
    <main className={styles.main}>
      <Suspense>
        <Outlet />
      </Suspense>
    </main>
  );
}
