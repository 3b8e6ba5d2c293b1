import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import type { PendingRequest } from '../api/types.ts';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { SiteName } from '../components/SiteName.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { DecisionCell } from '../features/cashier/DecisionCell.tsx';
import { useCashierQueue } from '../features/cashier/queries.ts';

const columnsWith = (t: TFunction, onLost: (message: string) => void): Column<PendingRequest>[] => [
  { head: '#', cell: (r) => r.id },
  {
    head: t('cashier.requested'),
    cell: (r) => (
      <span className={ui.breaks}>
        <When value={r.createdAt} />
      </span>
    ),
  },
  { head: t('common.site'), cell: (r) => <SiteName id={r.member.siteId} /> },
  {
    head: t('cashier.member'),
    cell: (r) => (
      <>
        <Link to={`/members/${r.member.id}`} translate="no">
          {r.member.loginId}
        </Link>
        {/* Under the login, as the bank's owner is under its number: the queue's columns fit a desktop. */}
        <div className={ui.muted}>
          <span translate="no">{r.member.nick}</span> · {t('cashier.level', { level: r.member.level })}
        </div>
        {r.member.status !== 'active' && (
          <Pill value="blocked" label={t(`status.${r.member.status}`, { defaultValue: r.member.status })} />
        )}
      </>
    ),
  },
  {
    head: t('cashier.bankAccount'),
    cell: (r) => (
      <>
        <span translate="no">
          {r.member.bankName} {r.member.bankNumber}
          <div className={ui.muted}>{r.member.bankOwner}</div>
        </span>
        {r.accountChanges.map((change) => (
          <div key={change.what} className={`${ui.error} ${ui.breaks}`}>
            ⚠ {t(`cashier.changed.${change.what}`)}
            <div className={ui.muted}>
              <When value={change.at} />
            </div>
          </div>
        ))}
      </>
    ),
  },
  {
    head: t('cashier.amount'),
    numeric: true,
    cell: (r) => <Amount value={r.amount} currency={r.currency} />,
  },
  {
    head: t('cashier.history'),
    cell: (r) => (
      <div className={ui.muted}>
        {t('cashier.in')} {r.history.deposits.count}×{' '}
        <Amount value={r.history.deposits.total} currency={r.currency} />
        <div>
          {t('cashier.out')} {r.history.withdrawals.count}×{' '}
          <Amount value={r.history.withdrawals.total} currency={r.currency} />
        </div>
        {r.history.reversals.count > 0 && (
          <div>
            {t('cashier.reversed')} {r.history.reversals.count}×{' '}
            <Amount value={r.history.reversals.total} currency={r.currency} />
          </div>
        )}
      </div>
    ),
  },
  { head: t('cashier.decision'), cell: (r) => <DecisionCell request={r} onLost={onLost} /> },
];

/** Pending deposits and withdrawals, oldest first; the list refreshes itself. */
export default function CashierPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'deposit' | 'withdraw'>('deposit');
  const queue = useCashierQueue(kind);
  const [lost, setLost] = useState<string | undefined>();
  const requests = queue.data?.requests;
  const shown = requests?.filter((r) => r.kind === kind);
  // How many wait in all (the server pages the queue: the oldest 100 are listed).
  const count = (k: 'deposit' | 'withdraw') =>
    queue.data?.waiting[k === 'deposit' ? 'deposits' : 'withdrawals'] ?? 0;
  const hidden = count(kind) - (shown?.length ?? 0);
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.cashier')} />
      <Tabs
        tabs={[
          { key: 'deposit', label: t('cashier.depositsTab', { count: count('deposit') }) },
          { key: 'withdraw', label: t('cashier.withdrawalsTab', { count: count('withdraw') }) },
        ]}
        value={kind}
        onChange={setKind}
      />
      {lost && (
        <div className={ui.row} role="alert">
          <p className={ui.error}>{lost}</p>
          <Button variant="ghost" className={ui.small} onClick={() => setLost(undefined)}>
            {t('common.dismiss')}
          </Button>
        </div>
      )}
      <Outcome error={queue.error} />
      <Panel title={kind === 'deposit' ? t('cashier.pendingDeposits') : t('cashier.pendingWithdrawals')}>
        <Table
          label={kind === 'deposit' ? t('cashier.pendingDeposits') : t('cashier.pendingWithdrawals')}
          rows={shown}
          columns={columnsWith(t, setLost)}
          rowKey={(r) => r.id}
          empty={t('cashier.empty')}
        />
        {hidden > 0 && (
          <p className={ui.muted}>{t('cashier.paged', { shown: shown?.length ?? 0, total: count(kind) })}</p>
        )}
      </Panel>
    </div>
  );
}
