import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import type { Permission } from '../api/types.ts';
import ui from '../components/ui.module.css';
import { LanguagePicker } from '../features/session/LanguagePicker.tsx';
import { usePendingCounts } from '../features/session/pending.ts';
import { useLogout, useOperator } from '../features/session/queries.ts';
import { SitePicker } from '../features/session/SitePicker.tsx';
import styles from './AdminLayout.module.css';

interface Section {
  to: string;
  /** The key of its name under `nav` in the admin texts. */
  label: string;
  permission: Permission;
  badge?: 'cashier' | 'support';
}

const SECTIONS: Section[] = [
  { to: '/', label: 'dashboard', permission: 'dashboard.view' },
  { to: '/cashier', label: 'cashier', permission: 'cashier.view', badge: 'cashier' },
  { to: '/members', label: 'members', permission: 'members.view' },
  { to: '/verification', label: 'verification', permission: 'kyc.review' },
  { to: '/person-flags', label: 'personFlags', permission: 'kyc.review' },
  { to: '/support', label: 'support', permission: 'support.answer', badge: 'support' },
  { to: '/notes', label: 'notes', permission: 'notes.send' },
  { to: '/content', label: 'content', permission: 'content.manage' },
  { to: '/games', label: 'games', permission: 'games.manage' },
  { to: '/trading', label: 'trading', permission: 'trading' },
  { to: '/promotions', label: 'promotions', permission: 'settings.manage' },
  { to: '/settings', label: 'settings', permission: 'settings.manage' },
  { to: '/operators', label: 'operators', permission: 'settings.manage' },
  { to: '/audit', label: 'audit', permission: 'audit.view' },
  { to: '/system', label: 'system', permission: 'system.view' },
];

/** The frame of every back-office screen: the sections this role may open, with waiting counts. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useOperator().data;
  const pending = usePendingCounts().data;
  const logout = useLogout();
  const badgeOf = (section: Section) => {
    if (!pending || !section.badge) return 0;
    return section.badge === 'cashier' ? pending.deposits + pending.withdrawals : pending.tickets;
  };
  const sections = SECTIONS.filter((section) => me?.permissions.includes(section.permission));
  return (
    <div className={styles.shell}>
      <aside className={styles.side}>
        <div className={styles.brand}>
          Royal Casino
          <small>{t('nav.backOffice')}</small>
        </div>
        <nav className={styles.nav} aria-label={t('nav.backOffice')}>
          {sections.map((section) => {
            const count = badgeOf(section);
            return (
              <NavLink
                key={section.to}
                to={section.to}
                end={section.to === '/'}
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              >
                {t(`nav.${section.label}`)}
                {count > 0 && (
                  <span className={styles.badge} title={t('nav.waiting', { count })}>
                    {count}
                    <span className={styles.hidden}> {t('nav.waitingShort')}</span>
                  </span>
                )}
              </NavLink>
            );
          })}
        </nav>
        <div className={styles.who}>
          <span>
            <strong>{me?.operator.login}</strong>
            <span className={styles.role}> · {me && t(`roles.${me.operator.role}`)}</span>
          </span>
          <NavLink to="/me/password" className={styles.link}>
            {t('myPassword.link')}
          </NavLink>
          <LanguagePicker signedIn />
          <SitePicker className={styles.sitePicker} />
          <Button variant="ghost" className={ui.small} onClick={() => logout.mutate()}>
            {t('nav.signOut')}
          </Button>
        </div>
      </aside>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
