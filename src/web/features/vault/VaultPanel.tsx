import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useRequestCode } from '../../api/request-code.ts';
import { amountInputMode, amountMinor, cleanAmountText } from '../../components/ui/amount-input.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { Money } from '../../components/ui/Money.tsx';
import panel from '../../components/ui/panel.module.css';
import { messageParams } from '../protection/messageParams.ts';
import { useCurrency } from '../site/site.ts';
import styles from './vault.module.css';

const VAULT_KEY = ['vault'] as const;
type Direction = 'in' | 'out';

/**
 * My page: the member's vault, cash set aside (not playable, not withdrawable until moved back).
 * Each move carries a request code: a retry after a lost answer cannot move the money twice.
 */
export function VaultPanel() {
  const { t } = useTranslation(['vault', 'common']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const currency = useCurrency();
  const code = useRequestCode();
  const vault = useQuery({ queryKey: VAULT_KEY, queryFn: () => callRoute('get-vault', {}) });
  const move = useMutation({
    mutationFn: (direction: Direction) =>
      callRoute(direction === 'in' ? 'vault-deposit' : 'vault-withdraw', {
        amount: amountMinor(amount, currency),
        code: code.current,
      }),
    onSuccess: async (reply) => {
      queryClient.setQueryData(VAULT_KEY, reply);
      // The header's balance and my page's statement show the move too.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await queryClient.invalidateQueries({ queryKey: ['statement'] });
      code.answered();
      setAmount('');
      await dialog.alert(t('moved'), 'success');
    },
    onError: async (error, direction) => {
      code.answered(error);
      const short = direction === 'out' && error instanceof ApiFailure && error.status === 'balance';
      const key = short
        ? 'notEnoughVault'
        : `common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`;
      // A refusal while the member owes a debt (msg3041) names what is owed.
      await dialog.alert(t(key, messageParams(error, currency)), 'warning');
    },
  });

  function submit(direction: Direction) {
    return (event: FormEvent) => {
      event.preventDefault();
      if (!(Number(amount) > 0)) return dialog.alert(t('amountNeeded'), 'warning');
      move.mutate(direction);
    };
  }

  return (
    <section className={panel.panel} aria-labelledby="vault-title">
      <h2 id="vault-title">{t('title')}</h2>
      <p className={panel.hint}>{t('hint')}</p>
      <dl className={styles.figures}>
        {[
          { label: t('cash'), testId: 'vault-cash', value: vault.data?.balance },
          { label: t('vault'), testId: 'vault-amount', value: vault.data?.vault },
        ].map((figure) => (
          <div key={figure.testId}>
            <dt>{figure.label}</dt>
            <dd data-testid={figure.testId}>
              <Money value={figure.value} />
            </dd>
          </div>
        ))}
      </dl>
      <form className={styles.form} onSubmit={submit('in')} noValidate>
        <label className={styles.field}>
          {/* One line: the label is a column, and the currency as an item of its own fell under it. */}
          <span>
            {t('amount')}
            {currency && <span translate="no"> ({currency})</span>}
          </span>
          <input
            name="vault-amount"
            inputMode={amountInputMode(currency)}
            autoComplete="off"
            value={amount}
            placeholder="0"
            onChange={(e) => setAmount(cleanAmountText(e.target.value, currency))}
          />
        </label>
        <div className={styles.actions}>
          <Button type="submit" disabled={move.isPending}>
            {t('toVault')}
          </Button>
          <Button type="button" variant="ghost" disabled={move.isPending} onClick={submit('out')}>
            {t('toCash')}
          </Button>
        </div>
      </form>
    </section>
  );
}
