import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { Panel } from '../../components/Panel.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMemberProtection } from './queries.ts';

type Reply = AdminReply<typeof adminContract.protection.member>;
type Event = Reply['events'][number];

const EVENT_LABEL: Record<Event['event'], string> = {
  break: 'Break set',
  exclusion: 'Self-exclusion set',
  ended: 'Period ended',
  lift_requested: 'Member asked to lift',
  lifted: 'Lifted (after the cooling day)',
};

const COLUMNS: Column<Event>[] = [
  { head: 'Time', cell: (r) => <When value={r.at} /> },
  { head: 'Event', cell: (r) => EVENT_LABEL[r.event] },
  { head: 'Period', cell: (r) => r.periodId },
  { head: 'Period ends', cell: (r) => (r.endsAt ? <When value={r.endsAt} /> : 'never (permanent)') },
];

function currentText(current: Reply['current']): string {
  const kind = current.kind === 'break' ? 'Break' : 'Self-exclusion';
  const end = (d: string | null) => (d ? new Date(d).toLocaleString('en-GB') : 'never (permanent)');
  switch (current.state) {
    case 'none':
      return 'None: the member may deposit and play.';
    case 'active':
      return `${kind} until ${end(current.endsAt)}. Nobody can lift it before then.`;
    case 'ended':
      return `${kind} ended ${end(current.endsAt)}; closed until the member asks to lift it.`;
    default:
      return `${kind} lifts ${end(current.liftsAt)} (the member asked; cooling day).`;
  }
}

/** The member's own protection: where it stands and its events (set, ended, asked to lift, lifted). */
export function MemberProtection({ id }: { id: number }) {
  const query = useMemberProtection(id);
  return (
    <Panel title="Player protection">
      {query.data && (
        <p className={ui.muted} data-testid="member-protection">
          {currentText(query.data.current)}
        </p>
      )}
      <Table
        rows={query.data?.events}
        columns={COLUMNS}
        rowKey={(r) => `${r.periodId}-${r.event}`}
        empty="No break or self-exclusion."
        label="Protection events"
      />
    </Panel>
  );
}
