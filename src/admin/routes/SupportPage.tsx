import { useState } from 'react';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { AccountRequestCard } from '../features/support/AccountRequestCard.tsx';
import { useAccountRequests, useTicketQueue } from '../features/support/queries.ts';
import styles from '../features/support/support.module.css';
import { TicketCard } from '../features/support/TicketCard.tsx';

/** Waiting help tickets and deposit-account requests, oldest first; both refresh themselves. */
export default function SupportPage() {
  const [tab, setTab] = useState<'tickets' | 'accounts'>('tickets');
  const tickets = useTicketQueue();
  const accounts = useAccountRequests();
  const ticketRows = tickets.data?.tickets;
  const accountRows = accounts.data?.requests;
  const tabs = [
    { key: 'tickets', label: `Help tickets (${ticketRows?.length ?? 0})` },
    { key: 'accounts', label: `Account requests (${accountRows?.length ?? 0})` },
  ] as const;
  return (
    <div className={ui.page}>
      <PageHead title="Support" />
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      {tab === 'tickets' ? (
        <Panel title="Waiting help tickets">
          <Outcome error={tickets.error} />
          <div className={styles.list}>
            {ticketRows?.length === 0 && <p className={ui.empty}>No ticket is waiting.</p>}
            {ticketRows?.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} />
            ))}
          </div>
        </Panel>
      ) : (
        <Panel title="Waiting account requests">
          <Outcome error={accounts.error} />
          <div className={styles.list}>
            {accountRows?.length === 0 && (
              <p className={ui.empty}>No member is waiting for the deposit account.</p>
            )}
            {accountRows?.map((request) => (
              <AccountRequestCard key={request.id} request={request} />
            ))}
          </div>
        </Panel>
      )}
    </div>
  );
}
