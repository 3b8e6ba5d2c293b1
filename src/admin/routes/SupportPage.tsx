import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        <Panel title={t('support.waitingTickets')}>
          <Outcome error={tickets.error} />
          <div className={styles.list}>
            {ticketRows?.length === 0 && <p className={ui.empty}>{t('support.noTicket')}</p>}
            {ticketRows?.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} />
            ))}
          </div>
        </Panel>
      ) : (
        <Panel title={t('support.waitingAccounts')}>
          <Outcome error={accounts.error} />
          <div className={styles.list}>
            {accountRows?.length === 0 && <p className={ui.empty}>{t('support.noAccount')}</p>}
            {accountRows?.map((request) => (
              <AccountRequestCard key={request.id} request={request} />
            ))}
          </div>
        </Panel>
      )}
    </div>
  );
}
