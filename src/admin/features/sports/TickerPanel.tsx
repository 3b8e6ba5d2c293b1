import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReply } from '../../../shared/contract/admin/endpoint.ts';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { Amount } from '../../components/Amount.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { alertReason } from './alert-reason.ts';
import styles from './trading.module.css';

const TICKER = ['admin', 'sports', 'ticker'] as const;
type TickerBet = AdminReply<typeof api.sports.ticker>['bets'][number];

/**
 * The desk's live ticker: the newest bets, pushed as they are placed (Server-Sent Events from
 * /api/admin/sports/ticker/live, over the live stream every process listens to), read once at first.
 * A bet with an open alert stands out, with its reasons; the alert list follows.
 */
export function TickerPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/sports/ticker/live');
    source.addEventListener('ticker', (event) => {
      setLive(true);
      client.setQueryData(TICKER, { status: 'success', ...JSON.parse((event as MessageEvent<string>).data) });
      // A push may carry a new alert: the alert list below reads again.
      void client.invalidateQueries({ queryKey: ['admin', 'sports', 'alerts'] });
    });
    source.addEventListener('end', () => source.close());
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [client]);
  const bets = useQuery({ queryKey: TICKER, queryFn: () => adminCall(api.sports.ticker) }).data?.bets;
  const columns: Column<TickerBet>[] = [
    { head: t('trading.ticker.placed'), cell: (b) => <When value={b.placedAt} /> },
    // A member's login, and the book's event, market and selection names, are data: never translated.
    { head: t('bets.member'), cell: (b) => <span translate="no">{b.member ?? b.playerId}</span> },
    {
      head: t('trading.ticker.picks'),
      wrap: true,
      cell: (b) =>
        b.legs.map((l) => (
          <div key={`${l.event}|${l.market}|${l.selection}`}>
            <span translate="no">
              {l.event} · {l.market}: {l.selection}
            </span>{' '}
            @ {l.price}
          </div>
        )),
    },
    {
      head: t('trading.ticker.stake'),
      numeric: true,
      cell: (b) => <Amount value={b.totalStake} currency={b.currency} />,
    },
    {
      head: t('trading.ticker.return'),
      numeric: true,
      cell: (b) => <Amount value={b.potentialReturn} currency={b.currency} />,
    },
    { head: t('members.status'), cell: (b) => <Pill value={b.status} /> },
    {
      head: t('trading.alerts.title'),
      wrap: true,
      cell: (b) =>
        b.alerts.map((a) => (
          <div key={a.id} className={styles.alertReason} data-testid="ticker-alert">
            ⚠ {alertReason(t, a)}
          </div>
        )),
    },
  ];
  return (
    <>
      <p className={ui.muted} data-testid="ticker-state">
        {live ? t('trading.ticker.live') : t('trading.ticker.connecting')}
      </p>
      <div className={styles.ticker}>
        <Table
          label={t('trading.view.ticker')}
          rows={bets}
          columns={columns}
          rowKey={(b) => b.id}
          empty={t('trading.ticker.none')}
          rowClass={(b) => (b.alerts.some((a) => !a.dismissedAt) ? styles.alerted : undefined)}
        />
      </div>
      <AlertsPanel />
    </>
  );
}
