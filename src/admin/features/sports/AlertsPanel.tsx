import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReply } from '../../../shared/contract/admin/endpoint.ts';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { ALERT_RULES, type AlertRule } from '../../../shared/contract/admin/sports-alerts.ts';
import { Button } from '../../../ui/Button.tsx';
import { adminCall } from '../../api/client.ts';
import { Amount } from '../../components/Amount.tsx';
import { Select } from '../../components/Field.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { AlertSettingsForm } from './AlertSettingsForm.tsx';
import { alertReason } from './alert-reason.ts';

type Alert = AdminReply<typeof api.sports.alerts>['alerts'][number];
type State = 'open' | 'dismissed' | 'all';

/** The ticker's alerts as a list a trader filters by rule and state, and dismisses one by one (audited). */
export function AlertsPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [rule, setRule] = useState<AlertRule | ''>('');
  const [state, setState] = useState<State>('open');
  const query = { rule: rule || undefined, state };
  const alerts = useQuery({
    queryKey: ['admin', 'sports', 'alerts', query],
    queryFn: () => adminCall(api.sports.alerts, { query }),
  }).data?.alerts;
  const dismiss = useMutation({
    mutationFn: (id: number) => adminCall(api.sports.dismissAlert, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'sports'] }),
  });
  const columns: Column<Alert>[] = [
    { head: t('trading.ticker.placed'), cell: (a) => <When value={a.createdAt} /> },
    { head: t('trading.alerts.reasonHead'), wrap: true, cell: (a) => alertReason(t, a) },
    { head: t('bets.member'), cell: (a) => a.member ?? '—' },
    {
      head: t('trading.ticker.stake'),
      numeric: true,
      cell: (a) => <Amount value={a.totalStake} currency={a.currency} />,
    },
    {
      head: t('trading.alerts.action'),
      cell: (a) =>
        a.dismissedAt ? (
          <span className={ui.muted}>{t('trading.alerts.dismissedBy', { who: a.dismissedBy ?? '' })}</span>
        ) : (
          <Button
            variant="ghost"
            className={ui.small}
            disabled={dismiss.isPending}
            aria-label={t('trading.alerts.dismissLabel', { id: a.id })}
            onClick={() => dismiss.mutate(a.id)}
          >
            {t('trading.alerts.dismiss')}
          </Button>
        ),
    },
  ];
  return (
    <section aria-label={t('trading.alerts.title')}>
      <h2>{t('trading.alerts.title')}</h2>
      <details>
        <summary>{t('trading.alerts.settings')}</summary>
        <AlertSettingsForm />
      </details>
      <div className={ui.row}>
        <Select
          label={t('trading.alerts.rule')}
          value={rule}
          onChange={(e) => setRule(e.target.value as AlertRule | '')}
        >
          <option value="">{t('trading.alerts.anyRule')}</option>
          {ALERT_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`trading.alerts.rules.${r}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('trading.alerts.state')}
          value={state}
          onChange={(e) => setState(e.target.value as State)}
        >
          {(['open', 'dismissed', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`trading.alerts.states.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <Table
        label={t('trading.alerts.title')}
        rows={alerts}
        columns={columns}
        rowKey={(a) => a.id}
        empty={t('trading.alerts.none')}
      />
    </section>
  );
}
