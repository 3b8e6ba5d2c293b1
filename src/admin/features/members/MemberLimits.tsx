import type { ReactNode } from 'react';
import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { Amount } from '../../components/Amount.tsx';
import { Panel } from '../../components/Panel.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMemberProtection } from './queries.ts';

type Reply = AdminReply<typeof adminContract.protection.member>;
type Limit = Reply['limits'][number];
type Change = Reply['limitHistory'][number];
type Event = Reply['protectionEvents'][number];

const KIND: Record<Limit['kind'], string> = {
  deposit: 'Deposit',
  loss: 'Loss',
  wager: 'Wager',
  session: 'Session time',
};
const name = (l: { kind: Limit['kind']; period: Limit['period'] }) =>
  l.kind === 'session' ? 'Session time' : `${KIND[l.kind]} per ${l.period}`;
const value = (kind: Limit['kind'], n: number | null): ReactNode =>
  n === null ? '—' : kind === 'session' ? `${n} min` : <Amount value={n} />;

const ACTION: Record<Change['action'], string> = {
  set: 'Set',
  decreased: 'Lowered (at once)',
  increase_requested: 'Raise asked (waits 24 h)',
  remove_requested: 'Removal asked (waits 24 h)',
  pending_cancelled: 'Pending change dropped',
  increased: 'Raised (confirmed after 24 h)',
  removed: 'Removed (confirmed after 24 h)',
};

const LIMIT_COLUMNS: Column<Limit>[] = [
  { head: 'Limit', cell: (l) => name(l) },
  { head: 'Amount', cell: (l) => value(l.kind, l.amount) },
  {
    head: 'Waiting change',
    cell: (l) =>
      l.pendingFrom ? (
        <>
          {l.pendingRemove ? 'removal' : value(l.kind, l.pendingAmount)}, member may confirm from{' '}
          <When value={l.pendingFrom} />
        </>
      ) : (
        '—'
      ),
  },
];

const CHANGE_COLUMNS: Column<Change>[] = [
  { head: 'Time', cell: (c) => <When value={c.at} /> },
  { head: 'Limit', cell: (c) => name(c) },
  { head: 'Change', cell: (c) => ACTION[c.action] },
  { head: 'From', cell: (c) => value(c.kind, c.previous) },
  { head: 'To', cell: (c) => value(c.kind, c.amount) },
];

function eventText(e: Event): ReactNode {
  const d = e.detail as Record<string, string | number | null>;
  if (e.kind === 'reality_check') {
    return `Reality check in ${d.where}: ${d.choice} (${d.minutesPlayed} min played, net ${d.net})`;
  }
  const limit = name({ kind: d.limit as Limit['kind'], period: d.period as Limit['period'] });
  return (
    <>
      Limit hit: {limit} {value(d.limit as Limit['kind'], Number(d.amount))}
      {d.resetsAt ? (
        <>
          , resets <When value={String(d.resetsAt)} />
        </>
      ) : null}
    </>
  );
}

const EVENT_COLUMNS: Column<Event>[] = [
  { head: 'Time', cell: (e) => <When value={e.at} /> },
  { head: 'Event', cell: eventText },
];

/** The member's own limits, every change to them, limit hits and reality check answers. Read-only. */
export function MemberLimits({ id }: { id: number }) {
  const query = useMemberProtection(id);
  return (
    <Panel title="Limits (set by the member; operators cannot loosen them)">
      <Table
        rows={query.data?.limits}
        columns={LIMIT_COLUMNS}
        rowKey={(l) => `${l.kind}:${l.period}`}
        empty="No limits."
        label="Limits"
      />
      <h3 className={ui.muted}>Changes</h3>
      <Table
        rows={query.data?.limitHistory}
        columns={CHANGE_COLUMNS}
        rowKey={(c) => String(c.id)}
        empty="No limit changes."
        label="Limit history"
      />
      <h3 className={ui.muted}>Limit hits and reality checks</h3>
      <Table
        rows={query.data?.protectionEvents}
        columns={EVENT_COLUMNS}
        rowKey={(e) => String(e.id)}
        empty="No limit hits or reality checks."
        label="Limit hits and reality checks"
      />
    </Panel>
  );
}
