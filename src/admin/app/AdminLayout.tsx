import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import type { Permission } from '../api/types.ts';
import ui from '../components/ui.module.css';
import { usePendingCounts } from '../features/session/pending.ts';
import { useLogout, useOperator } from '../features/session/queries.ts';
import styles from './AdminLayout.module.css';

interface Section {
  to: string;
  label: string;
  permission: Permission;
  badge?: 'cashier' | 'support';
}

const SECTIONS: Section[] = [
  { to: '/', label: 'Dashboard', permission: 'dashboard.view' },
  { to: '/cashier', label: 'Cashier', permission: 'cashier.view', badge: 'cashier' },
  { to: '/members', label: 'Members', permission: 'members.view' },
  { to: '/verification', label: 'Verification', permission: 'kyc.review' },
  { to: '/support', label: 'Support', permission: 'support.answer', badge: 'support' },
  { to: '/notes', label: 'Notes', permission: 'notes.send' },
  { to: '/content', label: 'Content', permission: 'content.manage' },
  { to: '/games', label: 'Games', permission: 'games.manage' },
  { to: '/trading', label: 'Trading', permission: 'trading' },
  { to: '/settings', label: 'Settings', permission: 'settings.manage' },
  { to: '/operators', label: 'Operators', permission: 'settings.manage' },
  { to: '/audit', label: 'Audit log', permission: 'audit.view' },
];

/** The frame of every back-office screen: the sections this role may open, with waiting counts. */
export function AdminLayout({ children }: { children: ReactNode }) {
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
          <small>Back office</small>
        </div>
        <nav className={styles.nav} aria-label="Back office">
          {sections.map((section) => {
            const count = badgeOf(section);
            return (
              <NavLink
                key={section.to}
                to={section.to}
                end={section.to === '/'}
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              >
                {section.label}
                {count > 0 && (
                  <span className={styles.badge} title={`${count} waiting`}>
                    {count}
                    <span className={styles.hidden}> waiting</span>
                  </span>
                )}
              </NavLink>
            );
          })}
        </nav>
        <div className={styles.who}>
          <span>
            <strong>{me?.operator.login}</strong>
            <span className={styles.role}> · {me?.operator.role}</span>
          </span>
          <Button variant="ghost" className={ui.small} onClick={() => logout.mutate()}>
            Sign out
          </Button>
        </div>
      </aside>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
