import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayBalance } from '../../../shared/format.ts';
import { useInGameBalance } from '../../app/useLayoutData.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { Money } from '../../components/ui/Money.tsx';
import { GuardedLink } from '../session/GuardedLink.tsx';
import { type Session, useLogout, useSession } from '../session/queries.ts';
import styles from './Header.module.css';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LoginForm } from './LoginForm.tsx';

export function Header() {
  const session = useSession();
  return (
    <>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label="Royal Casino">
          <span className={styles.crown} aria-hidden="true">
            ♛
          </span>
          <span>
            ROYAL<strong>CASINO</strong>
          </span>
        </Link>
        <div className={styles.right}>
          <LanguageSwitcher />
          {session.data ? <MemberBar session={session.data} /> : session.data === null ? <GuestBar /> : null}
        </div>
      </header>
      {session.data && <MemberNav session={session.data} />}
    </>
  );
}

/** The member menu: pages that need a login (SPEC §2). */
function MemberNav({ session }: { session: Session }) {
  const { t } = useTranslation();
  const counts = { notes: session.noteCount, helps: session.helpCount };
  return (
    <nav className={styles.nav} aria-label={t('memberMenu')}>
      <GuardedLink to="/game" className={styles.navLink}>
        {t('games')}
      </GuardedLink>
      <GuardedLink to="/deposit" className={styles.navLink}>
        {t('deposit')}
      </GuardedLink>
      <GuardedLink to="/withdraw" className={styles.navLink}>
        {t('withdraw')}
      </GuardedLink>
      <GuardedLink to="/comp" className={styles.navLink}>
        {t('comp')}
      </GuardedLink>
      <GuardedLink to="/help" className={styles.navLink}>
        {t('helpCentre')} {counts.helps > 0 && <span className={styles.count}>{counts.helps}</span>}
      </GuardedLink>
      <GuardedLink to="/notice" className={styles.navLink}>
        {t('notices')}
      </GuardedLink>
      <GuardedLink to="/note" className={styles.navLink}>
        {t('notes')} {counts.notes > 0 && <span className={styles.count}>{counts.notes}</span>}
      </GuardedLink>
      <GuardedLink to="/user" className={styles.navLink}>
        {t('myPage')}
      </GuardedLink>
    </nav>
  );
}

function GuestBar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.guest}>
      <div className={styles.desktopOnly}>
        <LoginForm compact />
      </div>
      <Button className={styles.phoneOnly} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {t('login')}
      </Button>
      <Link to="/register" className={styles.linkButton}>
        {t('register')}
      </Link>
      {open && (
        <div className={`${styles.dropdown} ${styles.phoneOnly}`}>
          <LoginForm />
        </div>
      )}
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
      </span>
      <span className={`${styles.stat} ${styles.desktopOnly}`}>
        <span className={styles.statLabel}>{t('comp')}</span>
        <Money value={user.rolling} className={styles.amount} />
      </span>
      <Button variant="ghost" onClick={confirmLogout} disabled={logout.isPending}>
        {t('logout')}
      </Button>
    </div>
  );
}
