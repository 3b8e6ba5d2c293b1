import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { KycViewReply } from '../../../shared/contract/kyc-routes.ts';
import { formatDateTime, isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { KYC_DOCUMENT_KINDS, KYC_FILE_TYPES, type KycDocumentKind } from '../../../shared/vocabulary.ts';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import panel from '../../components/ui/panel.module.css';
import { useCurrency, useSiteZone } from '../site/site.ts';
import styles from './kyc.module.css';
import { downloadDocument, KYC_KEY, uploadDocument, useKyc } from './queries.ts';

type Document = KycViewReply['documents'][number];
const EXTENSION: Record<Document['mime'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Where a refused withdrawal sends the member: My page, opened at this panel. */
export const VERIFICATION_PATH = '/user#verification';

/** My page: the verification level, what withdrawals need, and each document with its state and an upload. */
export function KycPanel() {
  const { t, i18n } = useTranslation(['user', 'common']);
  const kyc = useKyc().data;
  const currency = useCurrency();
  const locale = isLocale(i18n.language) ? i18n.language : undefined;
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const loaded = kyc !== undefined;
  // Sent here to upload (VERIFICATION_PATH): the panel comes into view once its documents are drawn.
  useEffect(() => {
    if (loaded && hash === '#verification') ref.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <section
      ref={ref}
      id="verification"
      className={`${panel.panel} ${styles.panel}`}
      aria-labelledby="kyc-title"
      data-testid="kyc-panel"
    >
      <h2 id="kyc-title">{t('kyc.title')}</h2>
      <p className={panel.hint}>{t('kyc.intro')}</p>
      {kyc && (
        <>
          <p className={styles.level}>
            {t('kyc.level')}: <strong data-testid="kyc-level">{t(`kyc.levelValue.${kyc.level}`)}</strong>
          </p>
          {kyc.rules.withdrawLevel > 0 && (
            <p className={panel.hint}>{t('kyc.needs', { level: kyc.rules.withdrawLevel })}</p>
          )}
          {kyc.rules.over !== null && kyc.rules.overLevel > kyc.rules.withdrawLevel && currency && (
            <p className={panel.hint}>
              {t('kyc.needsOver', {
                // The rule is in minor units: ฿1,000.00 is 100,000 of them.
                amount: formatMoney(kyc.rules.over, currency, locale),
                level: kyc.rules.overLevel,
              })}
            </p>
          )}
          <ul className={styles.kinds}>
            {KYC_DOCUMENT_KINDS.map((kind) => (
              <KindRow key={kind} kind={kind} kyc={kyc} />
            ))}
          </ul>
          <p className={panel.hint}>{t('kyc.types')}</p>
        </>
      )}
    </section>
  );
}

function KindRow({ kind, kyc }: { kind: KycDocumentKind; kyc: KycViewReply }) {
  const { t } = useTranslation(['user', 'common']);
  const zone = useSiteZone();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = kyc.documents.find((d) => d.kind === kind);
  const request = kyc.requests.find((r) => r.kind === kind);
  const state = latest?.status ?? 'none';
  // A waiting document is reviewed first; an approved one is sent again only when we ask for it.
  const mayUpload = state !== 'pending' && (state !== 'approved' || request !== undefined);

  async function send() {
    if (!file) return;
    setBusy(true);
    try {
      const msg = await uploadDocument(kind, file);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: KYC_KEY });
      await dialog.alert(t(`common:msg.${msg}`), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.kind} data-testid={`kyc-${kind}`}>
      <div className={styles.kindHead}>
        <strong>{t(`kyc.kind.${kind}`)}</strong>
        <span className={`${styles.state} ${styles[state] ?? ''}`} data-testid={`kyc-${kind}-state`}>
          {t(`kyc.status.${state}`)}
        </span>
      </div>
      {latest && (
        <time className={panel.hint}>{formatDateTime(latest.decidedAt ?? latest.uploadedAt, zone)}</time>
      )}
      {latest?.status === 'rejected' && latest.reason && (
        <p className={styles.reason} translate="no" data-testid={`kyc-${kind}-reason`}>
          {t('kyc.reason', { reason: latest.reason })}
        </p>
      )}
      {request && (
        <p className={styles.reason} translate="no">
          {t('kyc.requested', { message: request.message })}
        </p>
      )}
      {mayUpload && (
        <div className={styles.upload}>
          {/* The browser's own file button speaks its language, not the site's: ours covers it. */}
          <label className={styles.choose}>
            <input
              type="file"
              className={styles.fileInput}
              accept={KYC_FILE_TYPES.join(',')}
              data-testid={`kyc-${kind}-file`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <span className={styles.chooseButton}>{t('kyc.choose')}</span>
            <span className={styles.fileName} translate="no">
              {file?.name ?? ''}
            </span>
          </label>
          <Button type="button" disabled={!file || busy} onClick={send} data-testid={`kyc-${kind}-upload`}>
            {t('kyc.upload')}
          </Button>
        </div>
      )}
      {latest && (
        <button
          type="button"
          className={styles.view}
          onClick={() => void downloadDocument(latest.id, `${kind}-${latest.id}.${EXTENSION[latest.mime]}`)}
        >
          {t('kyc.view')}
        </button>
      )}
    </li>
  );
}
