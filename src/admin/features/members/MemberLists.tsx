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

/** A list's columns; `currency` is the member's, in which every amount of theirs is shown. */
type Columns<T> = (t: TFunction, currency: string) => Column<T>[];

const statement: Columns<Row<'statement'>> = (t, currency) => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.createdAt} /> },
  { head: t('memberLists.transfer'), cell: (r) => r.id },
  { head: t('memberLists.kind'), cell: (r) => t(`user:movement.${r.kind}`, { defaultValue: r.kind }) },
  {
    head: t('memberLists.account'),
    cell: (r) => t(`user:accountKind.${r.account}`, { defaultValue: r.account }),
  },
  {
    head: t('memberLists.amount'),
    numeric: true,
    cell: (r) => <Amount value={r.amount} currency={currency} />,
  },
];
const bets: Columns<Row<'bets'>> = (t, currency) => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.openedAt} /> },
  { head: t('memberLists.game'), cell: (r) => <span translate="no">{`${r.gameNameEn} · ${r.vendor}`}</span> },
  { head: t('memberLists.round'), cell: (r) => <code translate="no">{r.roundId}</code> },
  {
    head: t('memberLists.stake'),
    numeric: true,
    cell: (r) => <Amount value={r.stake} currency={currency} />,
  },
  { head: t('memberLists.win'), numeric: true, cell: (r) => <Amount value={r.win} currency={currency} /> },
  { head: t('memberLists.state'), cell: (r) => <Pill value={r.status} /> },
];
const tickets: Columns<Row<'tickets'>> = (t) => [
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
const notes: Columns<Row<'notes'>> = (t) => [
  { head: t('memberLists.sent'), cell: (r) => <When value={r.createdAt} /> },
  { head: t('memberLists.title'), wrap: true, cell: (r) => <span translate="no">{r.title}</span> },
  { head: t('memberLists.to'), cell: (r) => t(`notes.target.${r.target}`, { defaultValue: r.target }) },
  { head: t('memberLists.read'), cell: (r) => <When value={r.readAt} /> },
];
const logins: Columns<Row<'logins'>> = (t) => [
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
type DebtEntry = MemberDetail['debt']['entries'][number];
/** What made a change of the debt: the round a correction or a collecting credit came from, or the operator and their reason. */
function DebtCause({ entry }: { entry: DebtEntry }) {
  const { t } = useTranslation();
  const what = t(`memberLists.debtCause.${entry.cause}`);
  if (entry.operator) {
    return (
      <>
        {what} · <span translate="no">{entry.operator}</span>
        {entry.reason && (
          <>
            {': '}
            <span translate="no">{entry.reason}</span>
          </>
        )}
      </>
    );
  }
  // A chargeback's debt is recorded under the deposit it reversed (round `deposit:<request id>`): named
  // as the cashier names that request, not as the record's provider code.
  const reversed = entry.cause === 'deposit_reversed' && /^deposit:(\d+)$/.exec(entry.roundId ?? '');
  if (reversed) return <>{`${what} · ${t('cashier.label.deposit', { id: reversed[1] })}`}</>;
  return (
    <>
      {what} · <code translate="no">{`${entry.provider}:${entry.roundId}`}</code>
    </>
  );
}
const debt: Columns<DebtEntry> = (t, currency) => [
  { head: t('memberLists.time'), cell: (r) => <When value={r.createdAt} /> },
  { head: t('memberLists.change'), wrap: true, cell: (r) => <DebtCause entry={r} /> },
  {
    head: t('memberLists.amount'),
    numeric: true,
    cell: (r) => <Amount value={r.amount} currency={currency} />,
  },
];

const TABS = ['statement', 'bets', 'tickets', 'notes', 'logins', 'debt'] as const;
type Tab = (typeof TABS)[number];

/** The member's latest ledger lines, bets, tickets, notes, logins and debt changes, one tab each. */
export function MemberLists({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('statement');
  const label = (key: Tab) => t(`memberLists.tab.${key}`);
  /** One tab's table: its rows, their columns, a row's key and what shows when there is none. */
  const list = <T,>(
    key: Tab,
    rows: T[],
    columns: Columns<T>,
    rowKey: (row: T) => string | number,
    empty: string,
  ) => (
    <Table
      label={label(key)}
      rows={rows}
      columns={columns(t, detail.currency)}
      rowKey={rowKey}
      empty={empty}
    />
  );
  const table = {
    statement: list(
      'statement',
      detail.statement,
      statement,
      (r) => `${r.id}${r.account}`,
      t('memberLists.noTransfers'),
    ),
    bets: list('bets', detail.bets, bets, (r) => r.roundId, t('memberLists.noBets')),
    tickets: list('tickets', detail.tickets, tickets, (r) => r.id, t('memberLists.noTickets')),
    notes: list('notes', detail.notes, notes, (r) => r.id, t('memberLists.noNotes')),
    logins: list('logins', detail.logins, logins, (r) => `${r.at}`, t('memberLists.neverLoggedIn')),
    debt: list('debt', detail.debt.entries, debt, (r) => r.id, t('memberLists.owesNothing')),
  }[tab];
  const countOf = (k: Tab) => (k === 'debt' ? detail.debt.entries : detail[k]).length;
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
