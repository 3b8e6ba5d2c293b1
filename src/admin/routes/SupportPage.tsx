import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { AccountRequestCard } from '../features/support/AccountRequestCard.tsx';
import { useAccountRequests, useTicketQueue } from '../features/support/queries.ts';
import styles from '../features/support/support.module.css';
import { TicketCard } from '../features/support/TicketCard.tsx';

/** One tab's waiting items as cards, or a line saying there are none. */
function WaitingList<T>({
  title,
  error,
  rows,
  empty,
  card,
}: {
  title: string;
  error: unknown;
  rows: T[] | undefined;
  empty: string;
  card(row: T): ReactNode;
}) {
  return (
    <Panel title={title}>
      <Outcome error={error} />
      <div className={styles.list}>
        {rows?.length === 0 && <p className={ui.empty}>{empty}</p>}
        {rows?.map(card)}
      </div>
    </Panel>
  );
}

/** Waiting help tickets and deposit-account requests, oldest first; both refresh themselves. */
export default function SupportPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'tickets' | 'accounts'>('tickets');
  const tickets = useTicketQueue();
  const accounts = useAccountRequests();
  const ticketRows = tickets.data?.tickets;
  const accountRows = accounts.data?.requests;
  const tabs = [
    { key: 'tickets', label: t('support.ticketsTab', { count: ticketRows?.length ?? 0 }) },
    { key: 'accounts', label: t('support.accountsTab', { count: accountRows?.length ?? 0 }) },
  ] as const;
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.support')} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      {tab === 'tickets' ? (
        <WaitingList
          title={t('support.waitingTickets')}
          error={tickets.error}
          rows={ticketRows}
          empty={t('support.noTicket')}
          card={(ticket) => <TicketCard key={ticket.id} ticket={ticket} />}
        />
      ) : (
        <WaitingList
          title={t('support.waitingAccounts')}
          error={accounts.error}
          rows={accountRows}
          empty={t('support.noAccount')}
          card={(request) => <AccountRequestCard key={request.id} request={request} />}
        />
      )}
    </div>
  );
}
