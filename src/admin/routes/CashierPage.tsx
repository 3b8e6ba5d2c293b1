import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import type { PendingRequest } from '../api/types.ts';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { DecisionCell } from '../features/cashier/DecisionCell.tsx';
import { useCashierQueue } from '../features/cashier/queries.ts';

const columnsWith = (onLost: (message: string) => void): Column<PendingRequest>[] => [
  { head: '#', cell: (r) => r.id },
  { head: 'Requested', cell: (r) => <When value={r.createdAt} /> },
  {
    head: 'Member',
    cell: (r) => (
      <>
        <Link to={`/members/${r.member.id}`}>{r.member.loginId}</Link>{' '}
        <span className={ui.muted}>
          {r.member.nick} · Lv {r.member.level}
        </span>{' '}
        {r.member.status !== 'active' && <Pill value="blocked" label={r.member.status} />}
      </>
    ),
  },
  {
    head: 'Bank account',
    cell: (r) => (
      <>
        {r.member.bankName} {r.member.bankNumber}
        <div className={ui.muted}>{r.member.bankOwner}</div>
      </>
    ),
  },
  { head: 'Amount', numeric: true, cell: (r) => <Amount value={r.amount} currency={r.currency} /> },
  {
    head: 'History (approved)',
    cell: (r) => (
      <span className={ui.muted}>
        In {r.history.deposits.count}× <Amount value={r.history.deposits.total} currency={r.currency} /> · Out{' '}
        {r.history.withdrawals.count}× <Amount value={r.history.withdrawals.total} currency={r.currency} />
      </span>
    ),
  },
  { head: 'Decision', cell: (r) => <DecisionCell request={r} onLost={onLost} /> },
];

/** Pending deposits and withdrawals, oldest first; the list refreshes itself. */
export default function CashierPage() {
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
      <PageHead title="Cashier" />
      <Tabs
        tabs={[
          { key: 'deposit', label: `Deposits (${count('deposit')})` },
          { key: 'withdraw', label: `Withdrawals (${count('withdraw')})` },
        ]}
        value={kind}
        onChange={setKind}
      />
      {lost && (
        <div className={ui.row} role="alert">
          <p className={ui.error}>{lost}</p>
          <Button variant="ghost" className={ui.small} onClick={() => setLost(undefined)}>
            Dismiss
          </Button>
        </div>
      )}
      <Outcome error={queue.error} />
      <Panel title={kind === 'deposit' ? 'Pending deposits' : 'Pending withdrawals'}>
        <Table
          label={kind === 'deposit' ? 'Pending deposits' : 'Pending withdrawals'}
          rows={shown}
          columns={columnsWith(setLost)}
          rowKey={(r) => r.id}
          empty="Nothing is waiting. New requests appear here by themselves."
        />
        {hidden > 0 && (
          <p className={ui.muted}>
            The oldest {shown?.length} of {count(kind)} are listed; decide these and the next ones follow.
          </p>
        )}
      </Panel>
    </div>
  );
}
