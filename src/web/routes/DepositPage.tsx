import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { depositProblem } from '../../shared/cash-amounts.ts';
import { Button } from '../../ui/Button.tsx';
import { callRoute } from '../api/client.ts';
import { useRequestCode } from '../api/request-code.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { Money } from '../components/ui/Money.tsx';
import { AmountField, useStepText } from '../features/cashier/AmountField.tsx';
import styles from '../features/cashier/cashier.module.css';
import { DEPOSIT_ACCOUNT_KEY, DepositAccount } from '../features/cashier/DepositAccount.tsx';
import { failureMessage } from '../features/cashier/failureMessage.ts';
import { useDeskState, usePaymentOptions } from '../features/cashier/queries.ts';
import { RequestHistory } from '../features/cashier/RequestHistory.tsx';
import { DepositPromoPicker } from '../features/promotions/DepositPromoPicker.tsx';
import { promoFailure } from '../features/promotions/promoFailure.ts';
import { cashRuleParams, messageParams } from '../features/protection/messageParams.ts';
import { useSession } from '../features/session/queries.ts';
import { useCashRules, useCurrency } from '../features/site/site.ts';

/** 'bank' is a transfer to the operator's account; a number is a payment option (card, coin). */
type Method = 'bank' | number;

/** Member-only (App.tsx guards it with RequireMember). */
export function DepositPage() {
  const { t } = useTranslation(['cashier', 'common']);
  const dialog = useDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const options = usePaymentOptions('deposit');
  const desk = useDeskState('deposit');
  const rules = useCashRules();
  const currency = useCurrency();
  const stepText = useStepText();
  const [amount, setAmount] = useState(0);
  const [method, setMethod] = useState<Method>('bank');
  const [busy, setBusy] = useState(false);
  const requestCode = useRequestCode();
  // The deposit promotion opted into (`promo`, whatever the method); an offer's link names it in ?promo=.
  const [promo, setPromo] = useState<number | null>(null);
  const linkedPromo = Number(useSearchParams()[0].get('promo')) || null;
  const say = (
    key: string,
    kind: 'success' | 'warning' | 'error' | 'info' = 'error',
    params: Record<string, string> = {},
  ) => dialog.alert(t(`common:msg.${key}`, params), kind);

  async function askAccount() {
    try {
      await callRoute('user-ask-account', {});
      await queryClient.invalidateQueries({ queryKey: DEPOSIT_ACCOUNT_KEY });
      await say('msg2005', 'success');
    } catch (error) {
      await say(failureMessage(error, 'msg2224'), 'warning');
    }
  }

  async function submit() {
    const problem = depositProblem(amount, rules);
    if (problem) return say(problem, 'warning', cashRuleParams(rules, currency));
    setBusy(true);
    const code = requestCode.current;
    // A payment page must be opened inside the click, or the browser blocks it.
    const payWindow = method === 'bank' ? null : window.open('', '_blank');
    try {
      if (method === 'bank') {
        await callRoute('apply-user-deposit', {
          balance: amount,
          code,
          ...(promo !== null ? { promo } : {}),
        });
      } else {
        const reply = await callRoute('apply-deposit-payment', {
          balance: amount,
          code,
          idx: method,
          ...(promo !== null ? { promo } : {}),
        });
        if (payWindow) payWindow.location.href = reply.launcherUrl;
        else window.location.href = reply.launcherUrl;
      }
      requestCode.answered();
      await queryClient.invalidateQueries({ queryKey: ['cash-requests', 'deposit'] });
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
      await say('msg2010', 'success');
      navigate('/');
    } catch (error) {
      requestCode.answered(error);
      payWindow?.close();
      // A refused opt-in refuses the request: each refusal (msg3600–msg3609) says why.
      const key = promoFailure(error, '');
      await say(
        key.startsWith('msg36') ? key : failureMessage(error),
        'warning',
        messageParams(error, currency),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('depositTitle')}</h1>
        <p className={styles.balanceLine}>
          {t('common:balance')} <Money value={session.data?.user.balance} />
        </p>
        {desk.data && !desk.data.open && <p className={styles.notice}>{t('common:msg.msg3030')}</p>}
        <div>
          <p className={styles.label}>{t('method')}</p>
          <div className={styles.methods}>
            <button
              type="button"
              className={styles.method}
              aria-pressed={method === 'bank'}
              onClick={() => setMethod('bank')}
            >
              {t('bankTransfer')}
              <span className={styles.methodKind}>{t('bankTransferHint')}</span>
            </button>
            {(options.data ?? []).map((option) => (
              <button
                key={option.idx}
                type="button"
                className={styles.method}
                aria-pressed={method === option.idx}
                onClick={() => setMethod(option.idx)}
              >
                <span translate="no">{option.name}</span>
                <span className={styles.methodKind}>{t(`kind.${option.kind}`)}</span>
              </button>
            ))}
          </div>
        </div>
        {method === 'bank' && <DepositAccount />}
        <DepositPromoPicker
          value={promo}
          onChange={setPromo}
          initial={linkedPromo}
          paid={method !== 'bank'}
        />
        <AmountField value={amount} onChange={setAmount} label={t('amount', { step: stepText })} />
        <div className={styles.actions}>
          {method === 'bank' && (
            <Button variant="ghost" onClick={askAccount}>
              {t('askAccount')}
            </Button>
          )}
          <Button onClick={submit} disabled={busy}>
            {t('submitDeposit')}
          </Button>
        </div>
      </section>
      <RequestHistory kind="deposit" />
    </div>
  );
}
