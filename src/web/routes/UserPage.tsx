import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../shared/contract/routes.ts';
import { formatDate } from '../../shared/format.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { Money } from '../components/ui/Money.tsx';
import cashier from '../features/cashier/cashier.module.css';
import { ActivityPanel } from '../features/protection/components/ActivityPanel.tsx';
import { ProtectionPanel } from '../features/protection/components/ProtectionPanel.tsx';
import { useSession } from '../features/session/queries.ts';
import { RequireMember } from '../features/session/RequireMember.tsx';
import styles from '../features/support/support.module.css';

export function UserPage() {
  return (
    <RequireMember>
      <MyPage />
    </RequireMember>
  );
}

/** My page: profile, player protection, activity, password change, the ledger statement and the bet history. */
function MyPage() {
  const { t } = useTranslation(['user', 'common']);
  const session = useSession();
  const user = session.data?.user;
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('title')}</h1>
        <dl className={cashier.bank}>
          <dt>{t('common:userId')}</dt>
          <dd>{user?.userId}</dd>
          <dt>{t('nick')}</dt>
          <dd>{user?.nick}</dd>
          <dt>{t('phone')}</dt>
          <dd>{user?.phone}</dd>
          <dt>{t('level')}</dt>
          <dd>{user?.level}</dd>
          <dt>{t('bank')}</dt>
          <dd>
            {user?.bankname} · {user?.bankOwner} · •••• {user?.banknum.replace(/\D/g, '').slice(-4)}
          </dd>
          <dt>{t('common:balance')}</dt>
          <dd>
            <Money value={user?.balance} />
          </dd>
          <dt>{t('held')}</dt>
          <dd>
            <Money value={user?.in_balance} />
          </dd>
          <dt>{t('common:comp')}</dt>
          <dd>
            <Money value={user?.rolling} />
          </dd>
        </dl>
      </section>
      <ProtectionPanel />
      <ActivityPanel />
      <PasswordChange />
      <Statement />
      <Bets />
    </div>
  );
}

function PasswordChange() {
  const { t } = useTranslation(['user', 'common']);
  const dialog = useDialog();
  const [oldPw, setOldPw] = useState('');
  const [newPw, setNewPw] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!routes['user-change-password'].request.safeParse({ oldPw, newPw }).success) {
      return dialog.alert(t('pwRule'), 'warning');
    }
    try {
      await callRoute('user-change-password', { oldPw, newPw });
      setOldPw('');
      setNewPw('');
      await dialog.alert(t('common:msg.msg3020'), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    }
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate>
      <h2>{t('changePassword')}</h2>
      <label className={styles.field}>
        {t('currentPassword')}
        <input
          type="password"
          autoComplete="current-password"
          value={oldPw}
          onChange={(e) => setOldPw(e.target.value)}
        />
      </label>
      <label className={styles.field}>
        {t('newPassword')}
        <input
          type="password"
          autoComplete="new-password"
          value={newPw}
          onChange={(e) => setNewPw(e.target.value)}
        />
      </label>
      <Button type="submit">{t('changePassword')}</Button>
    </form>
  );
}

function Statement() {
  const { t } = useTranslation('user');
  const list = useQuery({
    queryKey: ['statement'],
    queryFn: () => callRoute('get-user-statement', { page: 1, pageSize: 20 }),
  });
  return (
    <section className={cashier.history}>
      <h2>{t('statement')}</h2>
      {(list.data?.list.length ?? 0) === 0 ? (
        <p className={cashier.muted}>{t('noMovements')}</p>
      ) : (
        <table>
          <tbody>
            {list.data?.list.map((line) => (
              <tr key={`${line.id}-${line.account}`}>
                <td>{formatDate(line.createdAt)}</td>
                <td>{t(`movement.${line.kind}`, { defaultValue: line.kind })}</td>
                <td>{t(`accountKind.${line.account}`, { defaultValue: line.account })}</td>
                <td className={line.amount < 0 ? cashier.cancelled : cashier.done}>
                  {line.amount > 0 ? '+' : '−'}
                  <Money value={Math.abs(line.amount)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Bets() {
  const { t, i18n } = useTranslation('user');
  const list = useQuery({
    queryKey: ['bets'],
    queryFn: () => callRoute('get-slot-bets-list', { page: 1, pageSize: 20 }),
  });
  return (
    <section className={cashier.history}>
      <h2>{t('bets')}</h2>
      {(list.data?.list.length ?? 0) === 0 ? (
        <p className={cashier.muted}>{t('noBets')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('game')}</th>
              <th>{t('stake')}</th>
              <th>{t('win')}</th>
              <th>{t('round')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.list.map((bet) => (
              <tr key={bet.roundId}>
                <td>{i18n.language === 'ko' ? bet.gameNameKo : bet.gameNameEn}</td>
                <td>
                  <Money value={bet.stake} />
                </td>
                <td>
                  <Money value={bet.win} />
                </td>
                <td>{bet.roundId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
