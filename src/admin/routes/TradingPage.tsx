import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead } from '../components/Panel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { BetsPanel } from '../features/sports/BetsPanel.tsx';
import { EventCard, type StateChange } from '../features/sports/EventCard.tsx';
import { EventSearchForm } from '../features/sports/EventSearchForm.tsx';
import { FeedPanel } from '../features/sports/FeedPanel.tsx';
import { LimitsPanel } from '../features/sports/LimitsPanel.tsx';
import { ManualEventForm } from '../features/sports/ManualEventForm.tsx';
import { ProposalsPanel } from '../features/sports/ProposalsPanel.tsx';
import {
  type EventFilter,
  type EventSearch,
  useReconciliation,
  useTradingEvents,
} from '../features/sports/queries.ts';
import { ReconciliationPanel } from '../features/sports/ReconciliationPanel.tsx';
import { RiskPanel } from '../features/sports/RiskPanel.tsx';
import { TickerPanel } from '../features/sports/TickerPanel.tsx';

/** The desk's tabs; each one's name is `trading.view.<key>` in the admin texts. */
const VIEWS = [
  'live',
  'scheduled',
  'postponed',
  'ended',
  'cancelled',
  'all',
  'manual',
  'risk',
  'ticker',
  'bets',
  'reconciliation',
  'limits',
  'feed',
] as const;
type View = (typeof VIEWS)[number];
const isView = (v: string | null): v is View => VIEWS.some((view) => view === v);
const NOT_EVENTS = new Set<View>(['manual', 'risk', 'ticker', 'bets', 'reconciliation', 'limits', 'feed']);

/**
 * The sportsbook's trading desk: events and markets (prices, suspensions, results), bets, the
 * reconciler's findings, the limits per currency, and the house rules. The tab is in the address (`?view=`), so a link (the
 * dashboard's to the reconciliation) opens it.
 */
export default function TradingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: View = isView(requested) ? requested : 'all';
  const setView = (next: View) => {
    setMoved(undefined);
    setParams(next === 'all' ? {} : { view: next }, { replace: true });
  };
  // An event whose state changed may leave this tab (postponed, cancelled): the page keeps the outcome.
  const [moved, setMoved] = useState<StateChange>();
  const [search, setSearch] = useState<EventSearch>({});
  const events = useTradingEvents(NOT_EVENTS.has(view) ? 'all' : (view as EventFilter), search);
  const page = search.page ?? 1;
  const open = useReconciliation(false).data?.open ?? 0;
  const tabs = VIEWS.map((key) => {
    const label = t(`trading.view.${key}`);
    return { key, label: key === 'reconciliation' && open > 0 ? `${label} (${open})` : label };
  });
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.trading')} />
      {/* Desk actions on settled money waiting for a second operator, whatever the tab. */}
      <ProposalsPanel />
      <Tabs tabs={tabs} value={view} onChange={setView} />
      {view === 'feed' && <FeedPanel />}
      {view === 'manual' && <ManualEventForm />}
      {view === 'risk' && <RiskPanel />}
      {view === 'ticker' && <TickerPanel />}
      {view === 'bets' && <BetsPanel />}
      {view === 'reconciliation' && <ReconciliationPanel />}
      {view === 'limits' && <LimitsPanel />}
      {!NOT_EVENTS.has(view) && (
        <>
          <EventSearchForm onSearch={setSearch} />
          <Outcome
            error={events.error}
            done={moved && !events.data?.events.some((e) => e.id === moved.eventId) && moved.text}
          />
          {events.isPending && <p className={ui.muted}>{t('common.loading')}</p>}
          {events.data?.events.length === 0 && <p className={ui.empty}>{t('trading.noEvents')}</p>}
          {events.data?.events.map((e) => (
            <EventCard key={e.id} event={e} onStateChanged={setMoved} />
          ))}
          {(page > 1 || events.data?.hasMore) && (
            <div className={ui.row}>
              <Button
                variant="ghost"
                className={ui.small}
                disabled={page <= 1}
                onClick={() => setSearch({ ...search, page: page - 1 })}
              >
                {t('trading.search.previous')}
              </Button>
              <span className={ui.muted}>{t('trading.search.page', { page })}</span>
              <Button
                variant="ghost"
                className={ui.small}
                disabled={!events.data?.hasMore}
                onClick={() => setSearch({ ...search, page: page + 1 })}
              >
                {t('trading.search.next')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
