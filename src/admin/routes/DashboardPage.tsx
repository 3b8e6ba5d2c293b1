import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { adminCall } from '../api/client.ts';
import type { DashboardReply } from '../api/types.ts';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import ui from '../components/ui.module.css';
import { JackpotPanel } from '../features/jackpot/JackpotPanel.tsx';
import { useMay } from '../features/session/queries.ts';
import styles from './DashboardPage.module.css';

type Figures = DashboardReply['today'];

const FIGURES: { key: keyof Figures; label: string }[] = [
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'bets', label: 'Bets' },
  { key: 'wins', label: 'Wins' },
  { key: 'ggr', label: 'Gross gaming revenue' },
  { key: 'newMembers', label: 'New members' },
  { key: 'activeMembers', label: 'Active members' },
];

function FigureList({ figures }: { figures: Figures }) {
  return (
    <dl className={styles.figures}>
      {FIGURES.map(({ key, label }) => (
        <div key={key} className={`${styles.figure} ${figures[key] < 0 ? styles.negative : ''}`}>
          <dt>{label}</dt>
          <dd>
            <Amount value={figures[key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The sportsbook's reconciler: findings listed for the desk and still open, repairs in the last day,
 * settlement runs still working; a trader follows the link to the findings.
 */
function SportsReconciliation({ counts }: { counts: DashboardReply['sportsReconciliation'] }) {
  const mayTrade = useMay('trading');
  const tiles = [
    { key: 'open', value: counts.open, label: 'open findings', alert: counts.open > 0 },
    { key: 'repaired', value: counts.repairedToday, label: 'repaired in the last day', alert: false },
    { key: 'runs', value: counts.unfinishedRuns, label: 'settlement runs working', alert: false },
  ];
  return (
    <Panel title="Sportsbook reconciliation">
      <dl className={styles.counts} aria-label="Sportsbook reconciliation counts">
        {tiles.map((t) => (
          <div key={t.key} className={`${styles.count} ${t.alert ? styles.alert : ''}`}>
            <dt>{t.label}</dt>
            <dd data-testid={`sports-${t.key}`}>{t.value}</dd>
          </div>
        ))}
      </dl>
      {counts.open > 0 && (
        <p className={styles.followUp}>
          {mayTrade ? (
            <Link to="/trading?view=reconciliation">
              Review the open findings in Trading → Reconciliation
            </Link>
          ) : (
            'A trader resolves them in Trading → Reconciliation.'
          )}
        </p>
      )}
    </Panel>
  );
}

/** Today and this month at a glance, and what is waiting for an operator. */
export default function DashboardPage() {
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminCall(api.dashboard.dashboard),
    refetchInterval: 60_000,
  });
  const data = query.data;
  return (
    <div className={ui.page}>
      <PageHead title="Dashboard" />
      <Outcome error={query.error} />
      {data && (
        <>
          <Panel title="Waiting for an operator">
            <div className={styles.pending}>
              <Link className={styles.pendingLink} to="/cashier">
                <strong>{data.pending.deposits}</strong> deposits
              </Link>
              <Link className={styles.pendingLink} to="/cashier">
                <strong>{data.pending.withdrawals}</strong> withdrawals
              </Link>
              <Link className={styles.pendingLink} to="/support">
                <strong>{data.pending.tickets}</strong> help tickets
              </Link>
            </div>
          </Panel>
          <SportsReconciliation counts={data.sportsReconciliation} />
          <Panel title="Player protection">
            <p data-testid="protected-members">
              <strong>{data.protectedMembers}</strong> members on a break or self-excluded now
            </p>
            <p data-testid="members-with-limits">
              <strong>{data.membersWithLimits}</strong> members with limits of their own
            </p>
          </Panel>
          <Panel title="Today">
            <FigureList figures={data.today} />
          </Panel>
          <Panel title="This month">
            <FigureList figures={data.month} />
          </Panel>
          <JackpotPanel jackpot={data.jackpot} />
        </>
      )}
    </div>
  );
}
