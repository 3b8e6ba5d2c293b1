import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayBalance } from '../../../shared/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { useInGameBalance } from '../../app/useLayoutData.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { Money } from '../../components/ui/Money.tsx';
import { LoginForm } from '../layout/LoginForm.tsx';
import { MEMBER_PAGES } from '../layout/memberPages.ts';
import { GuardedLink } from '../session/GuardedLink.tsx';
import { useLogout, useSession } from '../session/queries.ts';
import { Drawer } from './Drawer.tsx';
import styles from './mobile.module.css';

/** The phone's right sidebar: the login form for guests; balances and the member menu for members. */
export function AccountDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const session = useSession();
  const logout = useLogout();
  const inGame = useInGameBalance(Boolean(session.data));
  const user = session.data?.user;
  return (
    <Drawer side="right" open={open} label={user ? user.userId : t('login')} onClose={onClose}>
      {!user ? (
        <div className={styles.guest}>
          <LoginForm />
          <Link to="/register" onClick={onClose}>
            {t('register')}
          </Link>
        </div>
      ) : (
        <>
          <dl className={styles.balances}>
            <dt>{t('balance')}</dt>
            <dd>
              <Money value={displayBalance(user.balance, inGame.data?.gameMoney ?? 0)} />
            </dd>
            {user.bonus > 0 && (
              <>
                <dt>{t('bonusMoney')}</dt>
                <dd data-testid="drawer-bonus">
                  <Money value={user.bonus} />
                </dd>
              </>
            )}
            <dt>{t('comp')}</dt>
            <dd>
              <Money value={user.rolling} />
            </dd>
          </dl>
          <ul className={styles.menu}>
            {MEMBER_PAGES.map((page) => (
              <li key={page.to}>
                <GuardedLink to={page.to} onNavigate={onClose}>
                  {t(page.label)}
                </GuardedLink>
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            onClick={async () => {
              if (await dialog.confirm(t('msg.msg2216'))) logout.mutate();
            }}
          >
            {t('logout')}
          </Button>
        </>
      )}
    </Drawer>
  );
}
