import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { Amount } from '../../components/Amount.tsx';
import { ReadFromNote } from '../../components/ReadFromNote.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import type { Campaign } from './campaignDraft.ts';

const TALLIES = ['granted', 'active', 'converted', 'forfeited', 'expired'] as const;
type Line = { key: string; count: number | null; amount: number | null };

/** A campaign's bonuses by outcome (count and amount), the bonus money returned, its cashback, and its cost in cash. */
export function CampaignReport({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: ['admin', 'promotions', 'report', campaign.id],
    queryFn: () => adminCall(api.promotions.report, { params: { id: campaign.id } }),
  });
  const r = report.data?.report;
  const rows: Line[] | undefined = r && [
    ...TALLIES.map((key) => ({ key, count: r[key].count, amount: r[key].amount })),
    { key: 'returned', count: null, amount: r.returned },
    ...(campaign.type === 'cashback'
      ? [
          { key: 'cashback', count: r.cashback.count, amount: r.cashback.amount },
          { key: 'cashbackProtected', count: r.cashbackProtected, amount: null },
        ]
      : []),
    { key: 'cost', count: null, amount: r.cost },
  ];
  const columns: Column<Line>[] = [
    { head: t('promotions.outcome'), cell: (l) => t(`promotions.tally.${l.key}`) },
    { head: t('promotions.count'), numeric: true, cell: (l) => l.count ?? '' },
    {
      head: t('promotions.amount'),
      numeric: true,
      cell: (l) => (l.amount === null ? '' : <Amount value={l.amount} currency={campaign.currency} />),
    },
  ];
  return (
    <>
      <Table
        rows={rows}
        columns={columns}
        rowKey={(l) => l.key}
        empty=""
        label={t('promotions.reportOf', { name: campaign.name })}
      />
      <ReadFromNote readFrom={report.data?.readFrom} />
    </>
  );
}
