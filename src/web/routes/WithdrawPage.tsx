import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withdrawProblem } from '../../shared/cash-amounts.ts';
import { MSG } from '../../shared/messages.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useRequestCode } from '../api/request-code.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { LabelledInput, ONE_TIME_CODE } from '../components/ui/LabelledInput.tsx';
import { Money } from '../components/ui/Money.tsx';
import { useTwoFactor } from '../features/account/queries.ts';
import { AmountField, useStepText } from '../features/cashier/AmountField.tsx';
import styles from '../features/cashier/cashier.module.css';
import { failureMessage } from '../features/cashier/failureMessage.ts';
import { useDeskState } from '../features/cashier/queries.ts';
import { RequestHistory } from '../features/cashier/RequestHistory.tsx';
import { VERIFICATION_PATH } from '../features/kyc/KycPanel.tsx';
import { useMyBonuses } from '../features/promotions/queries.ts';
import { cashRuleParams, limitParams, messageParams } from '../features/protection/messageParams.ts';
import { useSession } from '../features/session/queries.ts';
import { useCashRules, useCurrency } from '../features/site/site.ts';

/** Member-only (App.tsx guards it with RequireMember). */
export function WithdrawPage() {
  const { t } = useTranslation(['cashier', 'common']);
  const dialog = useDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const desk = useDeskState('withdraw');
  const [amount, setAmount] = useState(0);
  const [busy, setBusy] = useState(false);
  const [otp, setOtp] = useState('');
  const code = useRequestCode();
  // Money leaving: a member with two-step login types the app's code too.
  const twoFactor = useTwoFactor().data?.enabled ?? false;
  const user = session.data?.user;
  const rules = useCashRules();
  const currency = useCurrency();
  const stepText = useStepText();
  // A withdrawal forfeits a running bonus (only cash can leave): the member is told and asked first.
  const activeBonus = useMyBonuses().data?.active ?? null;
  // A debt (a corrected result's, a charged-back deposit's) keeps every withdrawal back: said up front.
  const owed = session.data?.owed ?? 0;

  async function submit() {
    const problem = withdrawProblem(amount, rules);
    if (problem) return dialog.alert(t(`common:msg.${problem}`, cashRuleParams(rules, currency)), 'warning');
    if (twoFactor && !otp.trim()) return dialog.alert(t('common:msg.msg3520'), 'warning');
    if (activeBonus && !(await dialog.confirm(t('common:msg.msg3607')))) return;
    setBusy(true);
    try {
      await send(activeBonus !== null);
      code.answered();
      setOtp('');
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
      await dialog.alert(t('common:msg.msg2015'), 'success');
      navigate('/');
    } catch (error) {
      code.answered(error);
      if (error instanceof WithdrawalDropped) return;
      // A refusal's figures (what a member owes, msg3041) fill its message.
      const refusal = failureMessage(error, 'msg2018');
      await dialog.alert(t(`common:msg.${refusal}`, messageParams(error, currency)), 'warning');
      // Documents missing: the way on is the upload on My page, not this form again.
      if (refusal === MSG.kycLevelRequired) navigate(VERIFICATION_PATH);
    } finally {
      setBusy(false);
    }
  }

  /**
   * Sends the request; `forfeitBonus` only once the member agreed. A bonus granted since the page
   * loaded (409 msg3607) is asked about then, and the request sent again with the member's yes.
   */
  async function send(forfeitBonus: boolean): Promise<void> {
    const request = {
      balance: amount,
      code: code.current,
      ...(twoFactor ? { otp: otp.trim() } : {}),
      ...(forfeitBonus ? { forfeitBonus: true } : {}),
    };
    try {
      await callRoute('apply-user-withdraw', request);
    } catch (error) {
      if (forfeitBonus || !(error instanceof ApiFailure) || error.msg !== 'msg3607') throw error;
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
      if (!(await dialog.confirm(t('common:msg.msg3607')))) throw new WithdrawalDropped();
      await callRoute('apply-user-withdraw', { ...request, forfeitBonus: true });
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('withdrawTitle')}</h1>
        <p className={styles.balanceLine}>
          {/* While a debt is open no withdrawal is taken (msg3041): nothing is withdrawable, whatever the cash. */}
          {t('withdrawable')}{' '}
          <span data-testid="withdrawable">
            <Money value={owed > 0 ? 0 : user?.balance} />
          </span>
        </p>
        {desk.data && !desk.data.open && <p className={styles.notice}>{t('common:msg.msg3031')}</p>}
        {owed > 0 && (
          <p className={styles.notice} data-testid="debt-notice">
            {t('common:msg.msg3041', limitParams({ owed }, currency))}
          </p>
        )}
        {activeBonus && (
          <p className={styles.notice} data-testid="forfeit-warning">
            {t('forfeitWarning')} <Money value={activeBonus.balance} />
          </p>
        )}
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
          <LabelledInput
            labelClass={styles.otp}
            label={<span className={styles.label}>{t('common:otpLabel')}</span>}
            name="otp"
            {...ONE_TIME_CODE}
            placeholder={t('common:otpPlaceholder')}
            value={otp}
            onValue={setOtp}
          />
        )}
        <Button onClick={submit} disabled={busy}>
          {t('submitWithdraw')}
        </Button>
      </section>
      <RequestHistory kind="withdraw" />
    </div>
  );
}

/** The member kept their bonus instead of withdrawing: nothing to report. */
class WithdrawalDropped extends Error {}
