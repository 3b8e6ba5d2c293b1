import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { formatBasisPoints } from '../../shared/format.ts';
import { Button } from '../../ui/Button.tsx';
import { adminCall } from '../api/client.ts';
import { Amount } from '../components/Amount.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { type Column, Table } from '../components/Table.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { CAMPAIGNS_KEY, CampaignForm } from '../features/promotions/CampaignForm.tsx';
import { CampaignReport } from '../features/promotions/CampaignReport.tsx';
import type { Campaign } from '../features/promotions/campaignDraft.ts';
import { VipLevelsForm } from '../features/promotions/VipLevelsForm.tsx';
import { useChosenSite } from '../features/session/site-zone.ts';

/** What the screen shows under the list: nothing, a new campaign's form, or one campaign's form and report. */
type Open = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; id: number };

/** Promotions (issue 36): the campaigns, the chosen site's VIP level needs, a form to add or edit a campaign, and each one's report. */
export default function PromotionsPage() {
  const { t } = useTranslation();
  // A new campaign starts in the chosen site's currency; the operator may type another.
  const chosen = useChosenSite().site;
  const newCurrency = chosen?.currency ?? 'THB';
  const list = useQuery({ queryKey: CAMPAIGNS_KEY, queryFn: () => adminCall(api.promotions.list) });
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const campaigns = list.data?.campaigns;
  const editing = open.kind === 'edit' ? campaigns?.find((c) => c.id === open.id) : undefined;
  const columns: Column<Campaign>[] = [
    { head: t('promotions.field.name'), wrap: true, cell: (c) => <span translate="no">{c.name}</span> },
    { head: t('promotions.field.type'), cell: (c) => t(`promotions.type.${c.type}`) },
    {
      head: t('promotions.bonus'),
      numeric: true,
      cell: (c) =>
        c.type === 'free_spins' ? (
          <span>
            {c.freeSpinCount} × <Amount value={c.freeSpinStake} currency={c.currency} />
          </span>
        ) : c.type === 'code' || c.type === 'level_up' ? (
          <Amount value={c.fixedAmount} currency={c.currency} />
        ) : (
          `${formatBasisPoints(c.percentBps, 'en')}%`
        ),
    },
    { head: t('promotions.field.wageringMultiple'), numeric: true, cell: (c) => `${c.wageringMultiple}×` },
    { head: t('promotions.field.endsAt'), cell: (c) => <When value={c.endsAt} /> },
    {
      head: t('promotions.state'),
      cell: (c) => (
        <Pill
          value={c.enabled ? 'active' : 'ended'}
          label={c.enabled ? t('promotions.on') : t('promotions.off')}
        />
      ),
    },
    {
      head: '',
      cell: (c) => (
        <Button variant="ghost" onClick={() => setOpen({ kind: 'edit', id: c.id })}>
          {t('promotions.open')}
        </Button>
      ),
    },
  ];
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.promotions')}>
        <Button onClick={() => setOpen({ kind: 'new' })}>{t('promotions.new')}</Button>
      </PageHead>
      <Panel title={t('promotions.listTitle')}>
        <Table
          rows={campaigns}
          columns={columns}
          rowKey={(c) => c.id}
          empty={t('promotions.none')}
          label={t('promotions.listTitle')}
        />
      </Panel>
      {open.kind === 'new' && (
        <Panel title={t('promotions.newTitle')}>
          <CampaignForm campaign={null} currency={newCurrency} onDone={() => setOpen({ kind: 'none' })} />
        </Panel>
      )}
      {editing && (
        <>
          <Panel title={t('promotions.reportTitle', { name: editing.name })}>
            <CampaignReport campaign={editing} />
          </Panel>
          <Panel title={t('promotions.editTitle', { name: editing.name })}>
            <CampaignForm
              key={editing.id}
              campaign={editing}
              currency={editing.currency}
              onDone={() => setOpen({ kind: 'none' })}
            />
          </Panel>
        </>
      )}
      {chosen && (
        <Panel title={t('promotions.vipTitle')}>
          <VipLevelsForm key={chosen.id} site={chosen} />
        </Panel>
      )}
    </div>
  );
}
