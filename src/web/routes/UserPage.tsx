import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../shared/contract/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { CURRENT_PASSWORD, LabelledInput, NEW_PASSWORD } from '../components/ui/LabelledInput.tsx';
import { Money } from '../components/ui/Money.tsx';
import { BankPanel } from '../features/account/BankPanel.tsx';
import { SessionsPanel } from '../features/account/SessionsPanel.tsx';
import { TwoFactorPanel } from '../features/account/TwoFactorPanel.tsx';
import cashier from '../features/cashier/cashier.module.css';
import { BetHistory } from '../features/history/BetHistory.tsx';
import { Statement } from '../features/history/Statement.tsx';
import { KycPanel } from '../features/kyc/KycPanel.tsx';
import { ActivityPanel } from '../features/protection/components/ActivityPanel.tsx';
import { LimitsPanel } from '../features/protection/components/LimitsPanel.tsx';
import { ProtectionPanel } from '../features/protection/components/ProtectionPanel.tsx';
import { useSession } from '../features/session/queries.ts';
import styles from '../features/support/support.module.css';
import { VaultPanel } from '../features/vault/VaultPanel.tsx';

/**
 * My page: profile, the vault, verification (KYC), player protection, activity, password change,
 * two-step login, signed-in devices, bank details, the ledger statement and the bet history.
 */
export function UserPage() {
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
      <VaultPanel />
      <KycPanel />
      <LimitsPanel />
      <ProtectionPanel />
      <ActivityPanel />
      <PasswordChange />
      <TwoFactorPanel />
      <SessionsPanel />
      <BankPanel />
      <Statement />
      <BetHistory />
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
      {[
        { label: t('currentPassword'), ...CURRENT_PASSWORD, value: oldPw, onValue: setOldPw },
        { label: t('newPassword'), ...NEW_PASSWORD, value: newPw, onValue: setNewPw },
      ].map((field) => (
        <LabelledInput key={field.autoComplete} labelClass={styles.field} {...field} />
      ))}
      <Button type="submit">{t('changePassword')}</Button>
    </form>
  );
}
