import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../api/client.ts';
import styles from './cashier.module.css';

export const DEPOSIT_ACCOUNT_KEY = ['deposit-account'] as const;

/**
 * The answer to "ask for the account", where the member needs it: on the deposit page (it stays in
 * Help too). While the request waits it says so and looks again every 30 s.
 */
export function DepositAccount() {
  const { t } = useTranslation('cashier');
  const account = useQuery({
    queryKey: DEPOSIT_ACCOUNT_KEY,
    queryFn: async () => (await callRoute('get-deposit-account', {})).request,
    refetchInterval: (query) => (query.state.data && !query.state.data.answered ? 30_000 : false),
  });
  const request = account.data;
  if (!request) return null;
  return (
    <div className={styles.accountBox} data-testid="deposit-account">
      <p className={styles.label}>{t('accountAnswer')}</p>
      {request.answered ? (
        <p className={styles.accountAnswer} translate="no">
          {request.answer}
        </p>
      ) : (
        <p className={styles.muted}>{t('accountAsked')}</p>
      )}
    </div>
  );
}
