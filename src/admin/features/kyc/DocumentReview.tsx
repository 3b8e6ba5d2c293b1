import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Outcome } from '../../components/Field.tsx';
import { SiteName } from '../../components/SiteName.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import styles from './kyc.module.css';
import { documentFileUrl, useKycDecision } from './queries.ts';

type Queued = AdminReply<typeof adminContract.kyc.queue>['documents'][number];

/** The kyc.kind.* locale key of each document kind. */
export const kindKey = (kind: Queued['kind']) => `kyc.kind.${kind}` as const;

/**
 * One waiting document: the file (an image is shown, a PDF opens as a download), then approve, or
 * reject with a reason the member reads on My page and in a note; the note below is for operators only.
 */
export function DocumentReview({ doc }: { doc: Queued }) {
  const { t } = useTranslation();
  const decision = useKycDecision();
  const kind = t(kindKey(doc.kind));
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const label = t('kyc.docLabel', { kind, id: doc.id, login: doc.loginId });
  const decide = (kind: 'approve' | 'reject') => (event?: FormEvent) => {
    event?.preventDefault();
    const extra = note.trim() ? { note: note.trim() } : {};
    decision.mutate({
      params: { id: doc.id },
      body: kind === 'approve' ? { decision: 'approve', ...extra } : { decision: 'reject', reason, ...extra },
    });
  };
  return (
    <article className={styles.card} aria-label={label} data-testid={`kyc-doc-${doc.id}`}>
      <header className={styles.head}>
        <strong>{kind}</strong>
        <Link to={`/members/${doc.memberId}`} translate="no">
          {doc.loginId} · {doc.nick}
        </Link>
        <SiteName id={doc.siteId} />
        <span className={ui.muted}>
          {t('kyc.docLevel', { level: doc.level })} · <When value={doc.uploadedAt} /> ·{' '}
          {t('kyc.sizeKb', { kb: Math.ceil(doc.sizeBytes / 1024) })}
        </span>
      </header>
      {doc.mime === 'application/pdf' ? (
        <a className={styles.pdf} href={documentFileUrl(doc.id)}>
          {t('kyc.downloadPdf')}
        </a>
      ) : (
        <a href={documentFileUrl(doc.id)}>
          <img className={styles.preview} src={documentFileUrl(doc.id)} alt={label} />
        </a>
      )}
      <form className={ui.form} onSubmit={decide('reject')}>
        <label className={ui.field}>
          {t('kyc.reason')}
          <input
            className={ui.input}
            maxLength={500}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <label className={ui.field}>
          {t('kyc.note')}
          <input
            className={ui.input}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <div className={ui.row}>
          <Button type="button" disabled={decision.isPending} onClick={() => decide('approve')()}>
            {t('kyc.approve')}
          </Button>
          <Button type="submit" variant="ghost" className={ui.danger} disabled={decision.isPending}>
            {t('kyc.reject')}
          </Button>
        </div>
        <Outcome error={decision.error} />
      </form>
    </article>
  );
}
