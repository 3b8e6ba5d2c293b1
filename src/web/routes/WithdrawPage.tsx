import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withdrawProblem } from '../../shared/cash-amounts.ts';
import { Button } from '../../ui/Button.tsx';
import { callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { Money } from '../components/ui/Money.tsx';
import { useTwoFactor } from '../features/account/queries.ts';
import { AmountField, useStepText } from '../features/cashier/AmountField.tsx';
import styles from '../features/cashier/cashier.module.css';
import { failureMessage } from '../features/cashier/failureMessage.ts';
import { useDeskState } from '../features/cashier/queries.ts';
import { RequestHistory } from '../features/cashier/RequestHistory.tsx';
import { cashRuleParams, messageParams } from '../features/protection/messageParams.ts';
import { useSession } from '../features/session/queries.ts';
import { RequireMember } from '../features/session/RequireMember.tsx';
import { useCashRules, useCurrency } from '../features/site/site.ts';

export function WithdrawPage() {
  return (
    <RequireMember>
      <WithdrawForm />
    </RequireMember>
  );
}

function WithdrawForm() {
  const { t } = useTranslation(['cashier', 'common']);
  const dialog = useDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const desk = useDeskState('withdraw');
  const [amount, setAmount] = useState(0);
  const [busy, setBusy] = useState(false);
  const [otp, setOtp] = useState('');
  // Money leaving: a member with two-step login types the app's code too.
  const twoFactor = useTwoFactor().data?.enabled ?? false;
  const user = session.data?.user;
  const rules = useCashRules();
  const currency = useCurrency();
  const stepText = useStepText();

  async function submit() {
    const problem = withdrawProblem(amount, rules);
    if (problem) return dialog.alert(t(`common:msg.${problem}`, cashRuleParams(rules, currency)), 'warning');
    if (twoFactor && !otp.trim()) return dialog.alert(t('common:msg.msg3520'), 'warning');
    setBusy(true);
    try {
      await callRoute('apply-user-withdraw', {
        balance: amount,
        code: String(Date.now()),
        ...(twoFactor ? { otp: otp.trim() } : {}),
      });
      setOtp('');
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await dialog.alert(t('common:msg.msg2015'), 'success');
      navigate('/');
    } catch (error) {
      // A refusal's figures (what a member owes, msg3041) fill its message.
      await dialog.alert(
        t(`common:msg.${failureMessage(error, 'msg2018')}`, messageParams(error, currency)),
        'warning',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('withdrawTitle')}</h1>
        <p className={styles.balanceLine}>
          {t('withdrawable')} <Money value={user?.balance} />
        </p>
        {desk.data && !desk.data.open && <p className={styles.notice}>{t('common:msg.msg3031')}</p>}
        <div>
          <p className={styles.label}>{t('payoutTo')}</p>
          <dl className={styles.bank}>
            <dt>{t('bank')}</dt>
            <dd>{user?.bankname}</dd>
            <dt>{t('holder')}</dt>
            <dd>{user?.bankOwner}</dd>
            <dt>{t('account')}</dt>
            <dd>•••• {user?.banknum.replace(/\D/g, '').slice(-4)}</dd>
          </dl>
        </div>
        <AmountField value={amount} onChange={setAmount} label={t('amount', { step: stepText })} />
        {twoFactor && (
          <label className={styles.otp}>
            <span className={styles.label}>{t('common:otpLabel')}</span>
            <input
              name="otp"
              autoComplete="one-time-code"
              placeholder={t('common:otpPlaceholder')}
              value={otp}
              onChange={(e) => setOtp(e.target.value)}
              maxLength={20}
            />
          </label>
        )}
        <Button onClick={submit} disabled={busy}>
          {t('submitWithdraw')}
        </Button>
      </section>
      <RequestHistory kind="withdraw" />
    </div>
  );
}
