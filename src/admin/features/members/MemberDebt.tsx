import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import type { MemberDetail } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Field, Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMemberAction } from './queries.ts';

type DebtEndpoint = typeof api.members.writeOffDebt | typeof api.members.collectDebt;

/**
 * One action on the debt (collect from cash, write off): a required reason and one idempotency key per
 * intended action, kept until it succeeds, so a retry after a timeout acts once.
 */
function DebtAction({
  id,
  endpoint,
  label,
  danger,
  disabled,
  onDone,
}: {
  id: number;
  endpoint: DebtEndpoint;
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onDone: (reply: { amount: number; owedAfter: number }) => void;
}) {
  const { t } = useTranslation();
  const action = useMemberAction(endpoint, id);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      { params: { id }, body: { reason, key } },
      {
        onSuccess: (reply) => {
          setKey(crypto.randomUUID());
          onDone(reply);
        },
      },
    );
  };
  return (
    <form className={ui.form} onSubmit={submit}>
      <div className={ui.row}>
        <Field
          label={t('memberDebt.reason')}
          required
          minLength={3}
          maxLength={500}
          value={reason}
          onValue={setReason}
        />
        <Button
          type="submit"
          variant="ghost"
          className={danger ? ui.danger : ''}
          disabled={disabled || action.isPending}
        >
          {label}
        </Button>
      </div>
      <Outcome error={action.error} />
    </form>
  );
}

/**
 * What the member owes after corrections, since when, and what an operator with members.manage may do
 * about it: collect it from the member's cash (what to do instead of a debit adjustment) or write it off
 * (the house absorbs it). Shown while a debt is open or has a history.
 */
export function MemberDebt({ detail, mayManage }: { detail: MemberDetail; mayManage: boolean }) {
  const { t } = useTranslation();
  const { debt, currency, balances } = detail;
  const money = (value: number) => formatMoney(value, currency, 'en');
  const collectable = Math.min(debt.owed, balances.cash);
  // What the last action did: kept here, as the actions go once the debt is paid or written off.
  const [notice, setNotice] = useState('');
  const collected = (reply: { amount: number; owedAfter: number }) =>
    setNotice(
      reply.owedAfter > 0
        ? t('memberDebt.collected', { amount: money(reply.amount), owed: money(reply.owedAfter) })
        : t('memberDebt.settled', { amount: money(reply.amount) }),
    );
  return (
    <Panel title={t('memberDebt.title')}>
      <div className={ui.form}>
        {debt.owed > 0 ? (
          <>
            <p data-testid="member-debt-open">
              {t('memberDebt.owes')} <Amount value={debt.owed} currency={currency} />
              {debt.openedAt && (
                <>
                  {' '}
                  {t('memberDebt.since')} <When value={debt.openedAt} />
                </>
              )}
            </p>
            <p className={ui.muted}>{t('memberDebt.explain')}</p>
          </>
        ) : (
          <p className={ui.muted}>{t('memberDebt.none')}</p>
        )}
        {mayManage && debt.owed > 0 && (
          <>
            <p className={ui.muted}>
              <strong>{t('memberDebt.collectTitle')}</strong> {t('memberDebt.collectExplain')}
            </p>
            <DebtAction
              id={detail.profile.id}
              endpoint={api.members.collectDebt}
              label={
                collectable > 0
                  ? t('memberDebt.collect', { amount: money(collectable) })
                  : t('memberDebt.noCash')
              }
              disabled={collectable <= 0}
              onDone={collected}
            />
            <p className={ui.muted}>
              <strong>{t('memberDebt.writeOffTitle')}</strong> {t('memberDebt.writeOffExplain')}
            </p>
            <DebtAction
              id={detail.profile.id}
              endpoint={api.members.writeOffDebt}
              label={t('memberDebt.writeOff', { amount: money(debt.owed) })}
              danger
              onDone={(reply) => setNotice(t('memberDebt.writtenOff', { amount: money(reply.amount) }))}
            />
          </>
        )}
        <Outcome done={notice} />
      </div>
    </Panel>
  );
}
