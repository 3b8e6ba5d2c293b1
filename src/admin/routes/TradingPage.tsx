import { useState } from 'react';
import { Outcome } from '../components/Field.tsx';
import { PageHead } from '../components/Panel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { BetsPanel } from '../features/sports/BetsPanel.tsx';
import { EventCard } from '../features/sports/EventCard.tsx';
import { FeedPanel } from '../features/sports/FeedPanel.tsx';
import { type EventFilter, useTradingEvents } from '../features/sports/queries.ts';

const VIEWS = [
  { key: 'live', label: 'In play' },
  { key: 'scheduled', label: 'Upcoming' },
  { key: 'ended', label: 'Ended' },
  { key: 'all', label: 'All' },
  { key: 'bets', label: 'Bets' },
  { key: 'feed', label: 'Feeds & rules' },
] as const;
type View = (typeof VIEWS)[number]['key'];

/** The sportsbook's trading desk: events and markets (prices, suspensions, results), and bets. */
export default function TradingPage() {
  const [view, setView] = useState<View>('all');
  const events = useTradingEvents(view === 'bets' || view === 'feed' ? 'all' : (view as EventFilter));
  return (
    <div className={ui.page}>
      <PageHead title="Trading" />
      <Tabs tabs={VIEWS} value={view} onChange={setView} />
      {view === 'feed' && <FeedPanel />}
      {view === 'bets' && <BetsPanel />}
      {view !== 'bets' && view !== 'feed' && (
        <>
          <Outcome error={events.error} />
          {events.data?.events.length === 0 && <p className={ui.empty}>No events here.</p>}
          {events.data?.events.map((e) => (
            <EventCard key={e.id} event={e} />
          ))}
        </>
      )}
    </div>
  );
}
