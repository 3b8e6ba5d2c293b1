import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardReply } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';

type Owing = DashboardReply['owingUnderProtection'][number];

/**
 * Members on a break or self-excluded who owe and hold money: they can neither withdraw while they owe
 * nor play to repay, so each links to the member page, where the owner collects the debt from cash or
 * writes it off and the rest can be returned.
 */
export function OwingUnderProtection({ rows, count }: { rows: Owing[]; count: number }) {
  const { t } = useTranslation();
  const columns: Column<Owing>[] = [
    {
      head: t('dashboard.owingMember'),
      cell: (r) => (
        <Link to={`/members/${r.memberId}`} translate="no">
          {r.loginId}
        </Link>
      ),
    },
    {
      head: t('dashboard.owingPeriod'),
      cell: (r) => (
        <span>
          {t(`protection.${r.protection}`)} · {r.until ? <When value={r.until} /> : t('protection.never')}
        </span>
      ),
    },
    {
      head: t('dashboard.owingOwed'),
      numeric: true,
      cell: (r) => <Amount value={r.owed} currency={r.currency} />,
    },
    {
      head: t('dashboard.owingHolds'),
      numeric: true,
      cell: (r) => <Amount value={r.cash + r.vault + r.held} currency={r.currency} />,
    },
  ];
  return (
    <section aria-label={t('dashboard.owingUnderProtection')} data-testid="owing-under-protection">
      <h3>{t('dashboard.owingUnderProtection')}</h3>
      <p className={ui.muted}>{t('dashboard.owingUnderProtectionHint', { count })}</p>
      <Table
        label={t('dashboard.owingUnderProtection')}
        rows={rows}
        columns={columns}
        rowKey={(r) => r.memberId}
        empty=""
      />
    </section>
  );
}
