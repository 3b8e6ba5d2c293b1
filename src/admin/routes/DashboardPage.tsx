import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { adminCall } from '../api/client.ts';
import type { DashboardReply } from '../api/types.ts';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { ReadFromNote } from '../components/ReadFromNote.tsx';
import { type Tile, Tiles } from '../components/Tiles.tsx';
import ui from '../components/ui.module.css';
import { JackpotPanel } from '../features/jackpot/JackpotPanel.tsx';
import { OwingUnderProtection } from '../features/members/OwingUnderProtection.tsx';
import { useMay } from '../features/session/queries.ts';
import styles from './DashboardPage.module.css';

type Figures = DashboardReply['today'];
type Money = Figures['money'][number];

/**
 * The money figures in the order shown, per currency; each one's name is `dashboard.figure.<key>`. The
 * deposits reversed by their payment provider (chargebacks) beside the deposits, and what is left of them.
 */
const MONEY: (keyof Omit<Money, 'currency'>)[] = [
  'deposits',
  'depositReversals',
  'netDeposits',
  'withdrawals',
  'bets',
  'wins',
  'ggr',
];
const COUNTS: ('newMembers' | 'activeMembers')[] = ['newMembers', 'activeMembers'];

/** A period's figures: one row of money per currency (never added across them), then the member counts. */
function FigureList({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  return (
    <>
      {figures.money.map((money) => (
        <section key={money.currency} aria-label={money.currency} data-testid={`figures-${money.currency}`}>
          <h3 className={styles.currency}>{money.currency}</h3>
          <dl className={styles.figures}>
            {MONEY.map((key) => (
              <div key={key} className={`${styles.figure} ${money[key] < 0 ? styles.negative : ''}`}>
                <dt>{t(`dashboard.figure.${key}`)}</dt>
                <dd>
                  <Amount value={money[key]} currency={money.currency} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <dl className={`${styles.figures} ${styles.memberCounts}`}>
        {COUNTS.map((key) => (
          <div key={key} className={styles.figure}>
            <dt>{t(`dashboard.figure.${key}`)}</dt>
            <dd>
              <Amount value={figures[key]} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The sportsbook's reconciler: findings listed for the desk and still open, repairs in the last day,
 * settlement runs still working; a trader follows the link to the findings.
 */
function SportsReconciliation({ counts }: { counts: DashboardReply['sportsReconciliation'] }) {
  const { t } = useTranslation();
  const mayTrade = useMay('trading');
  const tiles: Tile[] = [
    {
      key: 'open',
      value: counts.open,
      label: t('dashboard.openFindings'),
      tone: counts.open > 0 ? 'alert' : undefined,
      testId: 'sports-open',
    },
    {
      key: 'repaired',
      value: counts.repairedToday,
      label: t('dashboard.repaired'),
      testId: 'sports-repaired',
    },
    { key: 'runs', value: counts.unfinishedRuns, label: t('dashboard.runs'), testId: 'sports-runs' },
  ];
  return (
    <Panel title={t('dashboard.reconciliation')}>
      <Tiles label={t('dashboard.reconciliationCounts')} tiles={tiles} />
      {counts.open > 0 && (
        <p className={styles.followUp}>
          {mayTrade ? (
            <Link to="/trading?view=reconciliation">{t('dashboard.reviewFindings')}</Link>
          ) : (
            t('dashboard.traderResolves')
          )}
        </p>
      )}
    </Panel>
  );
}

/** Bonus money members hold, one figure per currency (never added across them), with the active bonuses holding it. */
function BonusLiability({ rows }: { rows: DashboardReply['bonusLiability'] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.bonusLiability')}>
      <p className={styles.followUp}>{t('dashboard.bonusLiabilityHint')}</p>
      <dl className={styles.figures}>
        {rows.map((row) => (
          <div key={row.currency} className={styles.figure} data-testid={`bonus-liability-${row.currency}`}>
            <dt>
              {row.currency} · {row.activeBonuses} {t('dashboard.activeBonuses')}
            </dt>
            <dd>
              <Amount value={row.amount} currency={row.currency} />
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/**
 * Member debts, one figure set per currency: owed now (and by how many members), and what stands
 * written off, a loss the bets and wins leave out (a correction counted the round as lost). Below, the
 * members under protection who owe and hold money: none of it can leave until an operator acts.
 */
function MemberDebts({ data }: { data: DashboardReply }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.memberDebts')}>
      <p className={styles.followUp}>{t('dashboard.memberDebtsHint')}</p>
      <dl className={styles.figures}>
        {data.memberDebts.map((row) => (
          <div key={row.currency} className={styles.figure} data-testid={`member-debts-${row.currency}`}>
            <dt>
              {row.currency} · {row.membersOwing} {t('dashboard.membersOwing')}
            </dt>
            <dd>
              <Amount value={row.owed} currency={row.currency} />
            </dd>
            <dt>{t('dashboard.writtenOff')}</dt>
            <dd>
              <Amount value={row.writtenOff} currency={row.currency} />
            </dd>
          </div>
        ))}
      </dl>
      {data.owingUnderProtectionCount > 0 && (
        <OwingUnderProtection rows={data.owingUnderProtection} count={data.owingUnderProtectionCount} />
      )}
    </Panel>
  );
}

/** Today and this month at a glance, and what is waiting for an operator. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminCall(api.dashboard.dashboard),
    refetchInterval: 60_000,
  });
  const data = query.data;
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.dashboard')} />
      <ReadFromNote readFrom={query.data?.readFrom} />
      <Outcome error={query.error} />
      {data && (
        <>
          <Panel title={t('dashboard.waiting')}>
            <div className={styles.pending}>
              <Link className={styles.pendingLink} to="/cashier">
                <strong>{data.pending.deposits}</strong> {t('dashboard.deposits')}
              </Link>
              <Link className={styles.pendingLink} to="/cashier">
                <strong>{data.pending.withdrawals}</strong> {t('dashboard.withdrawals')}
              </Link>
              <Link className={styles.pendingLink} to="/support">
                <strong>{data.pending.tickets}</strong> {t('dashboard.tickets')}
              </Link>
            </div>
          </Panel>
          <SportsReconciliation counts={data.sportsReconciliation} />
          <Panel title={t('dashboard.protection')}>
            <p data-testid="protected-members">
              <strong>{data.protectedMembers}</strong> {t('dashboard.protected')}
            </p>
            <p data-testid="members-with-limits">
              <strong>{data.membersWithLimits}</strong> {t('dashboard.withLimits')}
            </p>
          </Panel>
          <Panel title={t('dashboard.today')}>
            <FigureList figures={data.today} />
          </Panel>
          <Panel title={t('dashboard.month')}>
            <FigureList figures={data.month} />
          </Panel>
          <BonusLiability rows={data.bonusLiability} />
          <MemberDebts data={data} />
          <JackpotPanel jackpot={data.jackpot} />
        </>
      )}
    </div>
  );
}
