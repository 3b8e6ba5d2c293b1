import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminReply, adminContract } from '../../shared/contract/admin/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { FlagDecision } from '../features/person-flags/FlagDecision.tsx';
import { type FlagState, usePersonFlags } from '../features/person-flags/queries.ts';

type Flag = AdminReply<typeof adminContract.promotions.personFlags>['flags'][number];
const STATES = ['open', 'cleared', 'confirmed', 'all'] as const;

/**
 * Duplicate-person flags (issue 36): welcome bonuses whose member shares a bank account, phone, or device
 * and address with another member who had one. Compliance reads both members and what matched, then
 * clears or confirms each with a reason.
 */
export default function PersonFlagsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<FlagState | 'all'>('open');
  const [page, setPage] = useState(1);
  const list = usePersonFlags(state, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.perPage)) : 1;
  const member = (id: number, login: string) => (
    <Link to={`/members/${id}`} translate="no">
      {login}
    </Link>
  );
  const columns: Column<Flag>[] = [
    { head: t('flags.head.member'), cell: (f) => member(f.memberId, f.memberLogin) },
    { head: t('flags.head.other'), cell: (f) => member(f.otherMemberId, f.otherLogin) },
    {
      head: t('flags.head.matched'),
      wrap: true,
      cell: (f) => (
        <span>
          {t(`flags.reasonKind.${f.reason}`)}
          {': '}
          <span translate="no">{f.matched ?? t('flags.noLongerMatches')}</span>
        </span>
      ),
    },
    { head: t('flags.head.flagged'), cell: (f) => <When value={f.createdAt} /> },
    {
      head: t('flags.head.state'),
      wrap: true,
      cell: (f) =>
        f.status === 'open' ? (
          <FlagDecision id={f.id} />
        ) : (
          <span>
            <Pill
              value={f.status === 'cleared' ? 'closed' : 'rejected'}
              label={t(`flags.state.${f.status}`)}
            />{' '}
            <span className={ui.muted} translate="no">
              {f.decidedBy} · {f.decisionReason}
            </span>
          </span>
        ),
    },
  ];
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.personFlags')} />
      <p className={ui.muted}>{t('flags.hint')}</p>
      <Tabs
        tabs={STATES.map((key) => ({ key, label: t(`flags.state.${key}`) }))}
        value={state}
        onChange={(key) => {
          setState(key);
          setPage(1);
        }}
      />
      <Outcome error={list.error} />
      <Panel title={t('flags.total', { count: list.data?.total ?? 0 })}>
        <Table
          rows={list.data?.flags}
          columns={columns}
          rowKey={(f) => f.id}
          empty={t('flags.none')}
          label={t('nav.personFlags')}
        />
        <div className={ui.row}>
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('flags.previous')}
          </Button>
          <span>{t('flags.page', { page, pages })}</span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('flags.next')}
          </Button>
        </div>
      </Panel>
    </div>
  );
}
