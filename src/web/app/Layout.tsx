import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AfterHydration, HydrateLater } from '../components/HydrateLater.tsx';
import { Footer } from '../features/layout/Footer.tsx';
import { Header } from '../features/layout/Header.tsx';
import { MessengerButtons } from '../features/mobile/MessengerButtons.tsx';
import { PhoneTabBar } from '../features/mobile/PhoneTabBar.tsx';
import { NewsToasts } from '../features/news/NewsToasts.tsx';
import { PopupNotices } from '../features/popups/PopupNotices.tsx';
import { useCountAlerts } from '../features/session/useCountAlerts.ts';
import { useLiveSession } from '../features/session/useLiveSession.ts';
import styles from './Layout.module.css';
import { useLayoutData } from './useLayoutData.ts';

/** Header, page, footer: the frame every page shares. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <AfterHydration>
        <LayoutWork />
      </AfterHydration>
      {/* The header hydrates in a turn of its own after the frame, its own parts after it. */}
      <HydrateLater>
        <Header />
      </HydrateLater>
      {/* data-route commits with the page it names (a page still loading keeps the last one): tests wait on it.
          The page hydrates in a turn of its own after the frame, its own deferred parts after it. */}
      <HydrateLater>
        <main className={styles.main} data-route={pathname}>
          <Suspense fallback={<p className={styles.loading}>{t('loading')}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </HydrateLater>
      {/* Below the fold on every page: hydrated after it. */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <HydrateLater>
        <PhoneTabBar />
      </HydrateLater>
      <HydrateLater>
        <MessengerButtons />
      </HydrateLater>
    </div>
  );
}

/**
 * What every page loads (useLayoutData), asked from a component of its own that draws nothing: each
 * answer re-renders it alone, not the whole frame (a member's page gets eight answers at load; each
 * re-rendered header, page and footer, issue 35's blocking time). The parts that show an answer ask
 * for it themselves and re-render with it.
 */
function LayoutData() {
  useLayoutData();
  return null;
}

/**
 * What draws nothing the server sent: the layout's data, the live session and the count alerts, the
 * operator's popups and the money news (mounted after the page's hydration, AfterHydration).
 */
function LayoutWork() {
  useLiveSession();
  useCountAlerts();
  return (
    <>
      <LayoutData />
      <PopupNotices />
      <NewsToasts />
    </>
  );
}
