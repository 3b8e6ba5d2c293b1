import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GuardedLink } from '../session/GuardedLink.tsx';
import styles from './mobile.module.css';

/** The footer part shown only on phones: one thumb away from the main pages. */
export function PhoneTabBar() {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabBar} aria-label={t('memberMenu')} data-phone-tab-bar>
      <NavLink to="/" end>
        {t('home')}
      </NavLink>
      <GuardedLink to="/game">{t('games')}</GuardedLink>
      <GuardedLink to="/deposit">{t('deposit')}</GuardedLink>
      <GuardedLink to="/withdraw">{t('withdraw')}</GuardedLink>
      <GuardedLink to="/user">{t('myPage')}</GuardedLink>
    </nav>
  );
}
