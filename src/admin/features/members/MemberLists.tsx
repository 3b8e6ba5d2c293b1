import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';

type Row<K extends keyof MemberDetail> = MemberDetail[K] extends (infer R)[] ? R : never;

const statement = (t: TFunction): Column<Row<'statement'>>[] => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.createdAt} /> },
  { head: t('memberLists.transfer'), cell: (r) => r.id },
  { head: t('memberLists.kind'), cell: (r) => t(`user:movement.${r.kind}`, { defaultValue: r.kind }) },
  {
    head: t('memberLists.account'),
    cell: (r) => t(`user:accountKind.${r.account}`, { defaultValue: r.account }),
  },
  { head: t('memberLists.amount'), numeric: true, cell: (r) => <Amount value={r.amount} /> },
];
const bets = (t: TFunction): Column<Row<'bets'>>[] => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.openedAt} /> },
  { head: t('memberLists.game'), cell: (r) => <span translate="no">{`${r.gameNameEn} · ${r.vendor}`}</span> },
  { head: t('memberLists.round'), cell: (r) => <code translate="no">{r.roundId}</code> },
  { head: t('memberLists.stake'), numeric: true, cell: (r) => <Amount value={r.stake} /> },
  { head: t('memberLists.win'), numeric: true, cell: (r) => <Amount value={r.win} /> },
  { head: t('memberLists.state'), cell: (r) => <Pill value={r.status} /> },
];
const tickets = (t: TFunction): Column<Row<'tickets'>>[] => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.createdAt} /> },
  { head: t('memberLists.title'), wrap: true, cell: (r) => <span translate="no">{r.title}</span> },
  { head: t('memberLists.state'), cell: (r) => <Pill value={r.status} /> },
  {
    head: t('memberLists.answer'),
    wrap: true,
    cell: (r) =>
      r.answer ? (
        <span translate="no">{r.answer}</span>
      ) : (
        <span className={ui.muted}>{t('memberLists.notYet')}</span>
      ),
  },
];
const notes = (t: TFunction): Column<Row<'notes'>>[] => [
  { head: t('memberLists.sent'), cell: (r) => <When value={r.createdAt} /> },
  { head: t('memberLists.title'), wrap: true, cell: (r) => <span translate="no">{r.title}</span> },
  { head: t('memberLists.to'), cell: (r) => t(`notes.target.${r.target}`, { defaultValue: r.target }) },
  { head: t('memberLists.read'), cell: (r) => <When value={r.readAt} /> },
];
const logins = (t: TFunction): Column<Row<'logins'>>[] => [
  { head: t('memberLists.login'), cell: (r) => <When value={r.at} /> },
  { head: t('memberLists.address'), cell: (r) => r.ip },
  {
    head: t('memberLists.browser'),
    wrap: true,
    cell: (r) => <span translate="no">{r.userAgent ?? '-'}</span>,
  },
  { head: t('memberLists.lastSeen'), cell: (r) => <When value={r.lastSeenAt} /> },
  { head: t('memberLists.ended'), cell: (r) => <When value={r.endedAt} /> },
];
const debt = (t: TFunction): Column<MemberDetail['debt']['entries'][number]>[] => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.createdAt} /> },
  {
    head: t('memberLists.change'),
    cell: (r) => (r.amount > 0 ? t('memberLists.owed') : t('memberLists.collected')),
  },
  { head: t('memberLists.round'), cell: (r) => <code translate="no">{`${r.provider}:${r.roundId}`}</code> },
  { head: t('memberLists.amount'), numeric: true, cell: (r) => <Amount value={r.amount} /> },
];

const TABS = ['statement', 'bets', 'tickets', 'notes', 'logins', 'debt'] as const;

/** The member's latest ledger lines, bets, tickets, notes, logins and debt changes, one tab each. */
export function MemberLists({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('statement');
  const label = (key: (typeof TABS)[number]) => t(`memberLists.tab.${key}`);
  const table = {
    statement: (
      <Table
        label={label('statement')}
        rows={detail.statement}
        columns={statement(t)}
        rowKey={(r) => `${r.id}${r.account}`}
        empty={t('memberLists.noTransfers')}
      />
    ),
    bets: (
      <Table
        label={label('bets')}
        rows={detail.bets}
        columns={bets(t)}
        rowKey={(r) => r.roundId}
        empty={t('memberLists.noBets')}
      />
    ),
    tickets: (
      <Table
        label={label('tickets')}
        rows={detail.tickets}
        columns={tickets(t)}
        rowKey={(r) => r.id}
        empty={t('memberLists.noTickets')}
      />
    ),
    notes: (
      <Table
        label={label('notes')}
        rows={detail.notes}
        columns={notes(t)}
        rowKey={(r) => r.id}
        empty={t('memberLists.noNotes')}
      />
    ),
    logins: (
      <Table
        label={label('logins')}
        rows={detail.logins}
        columns={logins(t)}
        rowKey={(r) => `${r.at}`}
        empty={t('memberLists.neverLoggedIn')}
      />
    ),
    debt: (
      <Table
        label={label('debt')}
        rows={detail.debt.entries}
        columns={debt(t)}
        rowKey={(r) => r.id}
        empty={t('memberLists.owesNothing')}
      />
    ),
  }[tab];
  const countOf = (k: (typeof TABS)[number]) => (k === 'debt' ? detail.debt.entries : detail[k]).length;
  return (
    <Panel title={t('memberLists.history')}>
      <Tabs
        tabs={TABS.map((k) => ({ key: k, label: `${label(k)} (${countOf(k)})` }))}
        value={tab}
        onChange={setTab}
      />
      {table}
    </Panel>
  );
}
