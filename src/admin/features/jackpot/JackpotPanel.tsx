import { useTranslation } from 'react-i18next';
import type { DashboardReply } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Table } from '../../components/Table.tsx';
import { When } from '../../components/When.tsx';
import { intlLocale } from '../../i18n/index.ts';

type Jackpot = DashboardReply['jackpot'];

/** The progressive pool on the dashboard: what it holds, its rules, and its latest wins. */
export function JackpotPanel({ jackpot }: { jackpot: Jackpot }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('jackpot.title')}>
      <p data-testid="admin-jackpot">
        {t('jackpot.pool')}{' '}
        <strong>
          <Amount value={jackpot.amount} currency={jackpot.currency} />
        </strong>{' '}
        · {t('jackpot.share', { percent: (jackpot.contributionBps / 100).toLocaleString(intlLocale()) })} ·{' '}
        {t('jackpot.reseed')} <Amount value={jackpot.reseed} currency={jackpot.currency} />
      </p>
      <Table
        rows={jackpot.recentWins}
        label={t('jackpot.wins')}
        empty={t('jackpot.noWins')}
        rowKey={(w) => w.id}
        columns={[
          { head: t('jackpot.when'), cell: (w) => <When value={w.createdAt} /> },
          { head: t('jackpot.member'), cell: (w) => w.memberId },
          { head: t('jackpot.game'), cell: (w) => <span translate="no">{w.gameCode}</span> },
          { head: t('jackpot.round'), cell: (w) => w.roundId },
          {
            head: t('jackpot.won'),
            cell: (w) => <Amount value={w.amount} currency={jackpot.currency} />,
            numeric: true,
          },
          {
            head: t('jackpot.reseed'),
            cell: (w) => <Amount value={w.reseed} currency={jackpot.currency} />,
            numeric: true,
          },
        ]}
      />
    </Panel>
  );
}
