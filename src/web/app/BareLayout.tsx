import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import styles from './Layout.module.css';

/** The frame for pages that supply their own layout: just the page. */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    // data-route commits with the page it names, as in Layout.
    <main className={styles.main} data-route={pathname}>
      <Suspense>
        <Outlet />
      </Suspense>
    </main>
  );
}
