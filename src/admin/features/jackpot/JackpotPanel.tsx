import type { DashboardReply } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Table } from '../../components/Table.tsx';
import { When } from '../../components/When.tsx';

type Jackpot = DashboardReply['jackpot'];

/** The progressive pool on the dashboard: what it holds, its rules, and its latest wins. */
export function JackpotPanel({ jackpot }: { jackpot: Jackpot }) {
  return (
    <Panel title="Progressive jackpot">
      <p data-testid="admin-jackpot">
        Pool{' '}
        <strong>
          <Amount value={jackpot.amount} />
        </strong>{' '}
        · {jackpot.contributionBps / 100} % of each jackpot-slot stake · reseed{' '}
        <Amount value={jackpot.reseed} />
      </p>
      <Table
        rows={jackpot.recentWins}
        label="Latest jackpot wins"
        empty="No jackpot has been won yet."
        rowKey={(w) => w.id}
        columns={[
          { head: 'When', cell: (w) => <When value={w.createdAt} /> },
          { head: 'Member', cell: (w) => w.memberId },
          { head: 'Game', cell: (w) => w.gameCode },
          { head: 'Round', cell: (w) => w.roundId },
          { head: 'Won', cell: (w) => <Amount value={w.amount} />, numeric: true },
          { head: 'Reseed', cell: (w) => <Amount value={w.reseed} />, numeric: true },
        ]}
      />
    </Panel>
  );
}
