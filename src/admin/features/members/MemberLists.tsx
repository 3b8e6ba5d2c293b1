import { useState } from 'react';
import type { MemberDetail } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';

type Row<K extends keyof MemberDetail> = MemberDetail[K] extends (infer R)[] ? R : never;

const STATEMENT: Column<Row<'statement'>>[] = [
  { head: 'Time', cell: (r) => <When value={r.createdAt} /> },
  { head: 'Transfer', cell: (r) => r.id },
  { head: 'Kind', cell: (r) => r.kind },
  { head: 'Account', cell: (r) => r.account },
  { head: 'Amount', numeric: true, cell: (r) => <Amount value={r.amount} /> },
];
const BETS: Column<Row<'bets'>>[] = [
  { head: 'Time', cell: (r) => <When value={r.openedAt} /> },
  { head: 'Game', cell: (r) => `${r.gameNameEn} · ${r.vendor}` },
  { head: 'Round', cell: (r) => <code>{r.roundId}</code> },
  { head: 'Stake', numeric: true, cell: (r) => <Amount value={r.stake} /> },
  { head: 'Win', numeric: true, cell: (r) => <Amount value={r.win} /> },
  { head: 'State', cell: (r) => <Pill value={r.status} /> },
];
const TICKETS: Column<Row<'tickets'>>[] = [
  { head: 'Time', cell: (r) => <When value={r.createdAt} /> },
  { head: 'Title', wrap: true, cell: (r) => r.title },
  { head: 'State', cell: (r) => <Pill value={r.status} /> },
  { head: 'Answer', wrap: true, cell: (r) => r.answer ?? <span className={ui.muted}>not yet</span> },
];
const NOTES: Column<Row<'notes'>>[] = [
  { head: 'Sent', cell: (r) => <When value={r.createdAt} /> },
  { head: 'Title', wrap: true, cell: (r) => r.title },
  { head: 'To', cell: (r) => r.target },
  { head: 'Read', cell: (r) => <When value={r.readAt} /> },
];
const LOGINS: Column<Row<'logins'>>[] = [
  { head: 'Login', cell: (r) => <When value={r.at} /> },
  { head: 'Address', cell: (r) => r.ip },
  { head: 'Browser', wrap: true, cell: (r) => r.userAgent ?? '-' },
  { head: 'Last seen', cell: (r) => <When value={r.lastSeenAt} /> },
  { head: 'Ended', cell: (r) => <When value={r.endedAt} /> },
];

const DEBT: Column<MemberDetail['debt']['entries'][number]>[] = [
  { head: 'Time', cell: (r) => <When value={r.createdAt} /> },
  { head: 'Change', cell: (r) => (r.amount > 0 ? 'owed (correction)' : 'collected') },
  { head: 'Round', cell: (r) => <code>{`${r.provider}:${r.roundId}`}</code> },
  { head: 'Amount', numeric: true, cell: (r) => <Amount value={r.amount} /> },
];

const TABS = ['statement', 'bets', 'tickets', 'notes', 'logins', 'debt'] as const;
const TAB_LABEL: Record<(typeof TABS)[number], string> = {
  statement: 'Ledger statement',
  bets: 'Bets',
  tickets: 'Help tickets',
  notes: 'Notes',
  logins: 'Logins',
  debt: 'Debt',
};

/** The member's latest ledger lines, bets, tickets, notes, logins and debt changes, one tab each. */
export function MemberLists({ detail }: { detail: MemberDetail }) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('statement');
  const table = {
    statement: (
      <Table
        label="Ledger statement"
        rows={detail.statement}
        columns={STATEMENT}
        rowKey={(r) => `${r.id}${r.account}`}
        empty="No transfers yet."
      />
    ),
    bets: (
      <Table label="Bets" rows={detail.bets} columns={BETS} rowKey={(r) => r.roundId} empty="No bets yet." />
    ),
    tickets: (
      <Table
        label="Help tickets"
        rows={detail.tickets}
        columns={TICKETS}
        rowKey={(r) => r.id}
        empty="No help tickets."
      />
    ),
    notes: <Table label="Notes" rows={detail.notes} columns={NOTES} rowKey={(r) => r.id} empty="No notes." />,
    logins: (
      <Table
        label="Logins"
        rows={detail.logins}
        columns={LOGINS}
        rowKey={(r) => `${r.at}`}
        empty="Never logged in."
      />
    ),
    debt: (
      <Table
        label="Debt"
        rows={detail.debt.entries}
        columns={DEBT}
        rowKey={(r) => r.id}
        empty="Owes nothing."
      />
    ),
  }[tab];
  const countOf = (t: (typeof TABS)[number]) => (t === 'debt' ? detail.debt.entries : detail[t]).length;
  return (
    <Panel title="History">
      <Tabs
        tabs={TABS.map((t) => ({ key: t, label: `${TAB_LABEL[t]} (${countOf(t)})` }))}
        value={tab}
        onChange={setTab}
      />
      {table}
    </Panel>
  );
}
