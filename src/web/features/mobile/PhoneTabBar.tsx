import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GuardedLink } from '../session/GuardedLink.tsx';
import { MessengerDock } from './MessengerButtons.tsx';
import styles from './mobile.module.css';

/**
 * The footer part shown only on phones: one thumb away from the main pages. The game lobby is open
 * to guests (SPEC §2 does not guard /game; launching a game does ask for a login).
 */
export function PhoneTabBar() {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabBar} aria-label={t('memberMenu')} data-phone-tab-bar>
      <NavLink to="/" end>
        {t('home')}
      </NavLink>
      <NavLink to="/game">{t('games')}</NavLink>
      <GuardedLink to="/deposit">{t('deposit')}</GuardedLink>
      <GuardedLink to="/withdraw">{t('withdraw')}</GuardedLink>
      <GuardedLink to="/user">{t('myPage')}</GuardedLink>
      <MessengerDock />
    </nav>
  );
}
