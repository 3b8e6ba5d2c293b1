import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayBalance } from '../../../shared/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { useInGameBalance } from '../../app/useLayoutData.ts';
import { HydrateLater } from '../../components/HydrateLater.tsx';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { Money } from '../../components/ui/Money.tsx';
import { AccountDrawer } from '../mobile/AccountDrawer.tsx';
import { GamesDrawer } from '../mobile/GamesDrawer.tsx';
import { GuardedLink } from '../session/GuardedLink.tsx';
import { type Session, useLogout, useSession } from '../session/queries.ts';
import styles from './Header.module.css';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LoginForm } from './LoginForm.tsx';
import { MEMBER_PAGES } from './memberPages.ts';

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const [drawer, setDrawer] = useState<'games' | 'account' | null>(null);
  const close = () => setDrawer(null);
  return (
    // One element (display: contents, no box of its own), so the frame can hydrate it as a part.
    <div className={styles.frame}>
      <header className={styles.header} data-site-chrome>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.phoneOnly}`}
          onClick={() => setDrawer('games')}
          aria-label={t('games')}
        >
          ☰
        </button>
        <Link to="/" className={styles.brand} aria-label="Royal Casino">
          <span className={styles.crown} aria-hidden="true">
            ♛
          </span>
          <span className={styles.wordmark}>
            <span>ROYAL</span>
            <strong>CASINO</strong>
          </span>
        </Link>
        <HydrateLater>
          <div className={styles.right}>
            <LanguageSwitcher />
            {session.data ? (
              <MemberBar session={session.data} />
            ) : session.data === null ? (
              <GuestBar />
            ) : null}
            {session.data !== undefined && (
              <button
                type="button"
                className={`${session.data ? styles.iconButton : styles.phoneLogin} ${styles.phoneOnly}`}
                onClick={() => setDrawer('account')}
                aria-label={session.data ? t('memberMenu') : t('login')}
              >
                {session.data ? <PersonIcon /> : t('login')}
              </button>
            )}
          </div>
        </HydrateLater>
      </header>
      {/* Shown on wide screens only: hydrated after what a phone shows. */}
      {session.data && (
        <HydrateLater>
          <MemberNav session={session.data} />
        </HydrateLater>
      )}
      {/* Closed until tapped: hydrated after what shows. */}
      <HydrateLater>
        <GamesDrawer open={drawer === 'games'} onClose={close} />
      </HydrateLater>
      <HydrateLater>
        <AccountDrawer open={drawer === 'account'} onClose={close} />
      </HydrateLater>
    </div>
  );
}

/** The member menu on wide screens (SPEC §2); phones have it in the right sidebar. */
function MemberNav({ session }: { session: Session }) {
  const { t } = useTranslation();
  return (
    <nav className={`${styles.nav} ${styles.desktopOnlyBlock}`} aria-label={t('memberMenu')} data-site-chrome>
      {MEMBER_PAGES.map((page) => {
        const count = 'count' in page ? session[page.count] : 0;
        return (
          <GuardedLink key={page.to} to={page.to} className={styles.navLink}>
            {t(page.label)} {count > 0 && <span className={styles.count}>{count}</span>}
          </GuardedLink>
        );
      })}
    </nav>
  );
}

function GuestBar() {
  const { t } = useTranslation();
  return (
    <div className={styles.guest}>
      <div className={styles.desktopOnly}>
        <LoginForm compact />
      </div>
      <Link to="/register" className={styles.linkButton}>
        <span className={styles.desktopOnly}>{t('register')}</span>
        <span className={styles.phoneOnly}>{t('registerShort')}</span>
      </Link>
    </div>
  );
}

function MemberBar({ session }: { session: Session }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const logout = useLogout();
  const { user } = session;
  const inGame = useInGameBalance(true);

  async function confirmLogout() {
    if (await dialog.confirm(t('msg.msg2216'))) logout.mutate();
  }

  return (
    <div className={styles.member}>
      <span className={styles.userId} data-testid="user-id">
        {user.userId}
      </span>
      <span className={styles.stat}>
        <span className={styles.statLabel}>{t('balance')}</span>
        <Money value={displayBalance(user.balance, inGame.data?.gameMoney ?? 0)} className={styles.amount} />
        {/* Bonus money is not cash (it cannot be withdrawn): shown apart, under it, only while there is some. */}
        {user.bonus > 0 && (
          <span className={styles.bonusLine} data-testid="header-bonus">
            {t('bonusMoney')} <Money value={user.bonus} />
          </span>
        )}
      </span>
      <span className={`${styles.stat} ${styles.desktopOnly}`}>
        <span className={styles.statLabel}>{t('comp')}</span>
        <Money value={user.rolling} className={styles.amount} />
      </span>
      <Button
        variant="ghost"
        className={styles.desktopOnly}
        onClick={confirmLogout}
        disabled={logout.isPending}
      >
        {t('logout')}
      </Button>
    </div>
  );
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
    </svg>
  );
}
