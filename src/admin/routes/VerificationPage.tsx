import { useTranslation } from 'react-i18next';
import { Outcome } from '../components/Field.tsx';
import { PageHead } from '../components/Panel.tsx';
import ui from '../components/ui.module.css';
import { DocumentReview } from '../features/kyc/DocumentReview.tsx';
import styles from '../features/kyc/kyc.module.css';
import { useKycQueue } from '../features/kyc/queries.ts';

/** The compliance role's review queue: every waiting document, oldest first. */
export default function VerificationPage() {
  const { t } = useTranslation();
  const queue = useKycQueue();
  const documents = queue.data?.documents;
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.verification')} />
      <Outcome error={queue.error} />
      {documents && documents.length === 0 && <p className={ui.muted}>{t('kyc.queueEmpty')}</p>}
      <div className={styles.list}>
        {documents?.map((doc) => (
          <DocumentReview key={doc.id} doc={doc} />
        ))}
      </div>
    </div>
  );
}
