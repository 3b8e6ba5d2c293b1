import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { SupportTicket } from '../../api/types.ts';
import { Outcome, TextArea } from '../../components/Field.tsx';
import { SiteName } from '../../components/SiteName.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useTicketAnswer } from './queries.ts';
import styles from './support.module.css';

/** One waiting ticket: what the member asked, and the answer box. */
export function TicketCard({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation();
  const answer = useTicketAnswer();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({ id: ticket.id, body: { answer: text } });
  };
  return (
    <article className={styles.card} aria-label={t('support.ticket', { title: ticket.title })}>
      <header className={styles.cardHead}>
        <strong translate="no">{ticket.title}</strong>
        <span className={ui.muted}>
          <SiteName id={ticket.siteId} /> ·{' '}
          {ticket.member ? (
            <span translate="no">{`${ticket.member.loginId} (${ticket.member.nick})`}</span>
          ) : (
            t('support.guest')
          )}{' '}
          · <When value={ticket.createdAt} />
        </span>
      </header>
      <p className={styles.question} translate="no">
        {ticket.contents}
      </p>
      <form className={ui.form} onSubmit={submit}>
        <TextArea label={t('support.answer')} required maxLength={5000} value={text} onValue={setText} />
        <div className={ui.row}>
          <Button type="submit" disabled={answer.isPending || !text.trim()}>
            {t('support.sendAnswer')}
          </Button>
        </div>
        <Outcome error={answer.error} />
      </form>
    </article>
  );
}
