import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { KYC_DOCUMENT_KINDS, type KycDocumentKind } from '../../../shared/vocabulary.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMay } from '../session/queries.ts';
import { kindKey } from './DocumentReview.tsx';
import { documentFileUrl, useKycRequest, useMemberKyc } from './queries.ts';

type Doc = AdminReply<typeof adminContract.kyc.member>['documents'][number];

/** The member page's verification: level, every document with its decision, open requests; compliance may ask for one. */
export function MemberVerification({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useMemberKyc(id);
  const mayReview = useMay('kyc.review');
  const columns: Column<Doc>[] = [
    { head: t('kyc.head.uploaded'), cell: (d) => <When value={d.uploadedAt} /> },
    {
      head: t('kyc.head.document'),
      cell: (d) =>
        mayReview ? <a href={documentFileUrl(d.id)}>{t(kindKey(d.kind))}</a> : t(kindKey(d.kind)),
    },
    {
      head: t('kyc.head.state'),
      cell: (d) => (
        <Pill
          value={d.status === 'approved' ? 'success' : d.status === 'pending' ? 'wait' : 'rejected'}
          label={t(`kyc.status.${d.status}`)}
        />
      ),
    },
    { head: t('kyc.head.reason'), cell: (d) => <span translate="no">{d.reason ?? ''}</span>, wrap: true },
    { head: t('kyc.head.note'), cell: (d) => <span translate="no">{d.note ?? ''}</span>, wrap: true },
    { head: t('kyc.head.by'), cell: (d) => <span translate="no">{d.decidedBy ?? ''}</span> },
  ];
  return (
    <Panel title={t('kyc.panel')}>
      {query.data && (
        <p className={ui.muted} data-testid="member-kyc">
          {t('kyc.levelLine', { level: t(`kyc.level.${query.data.level}`) })}
          {query.data.requests.map((r) =>
            t('kyc.askedLine', { kind: t(kindKey(r.kind)).toLocaleLowerCase(), message: r.message }),
          )}
        </p>
      )}
      <Outcome error={query.error} />
      <Table
        rows={query.data?.documents}
        columns={columns}
        rowKey={(d) => d.id}
        empty={t('kyc.noDocuments')}
        label={t('kyc.documentsTable')}
      />
      {mayReview && <AskForDocument id={id} />}
    </Panel>
  );
}

function AskForDocument({ id }: { id: number }) {
  const { t } = useTranslation();
  const request = useKycRequest();
  const [kind, setKind] = useState<KycDocumentKind>('identity');
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ params: { id }, body: { kind, message } }, { onSuccess: () => setMessage('') });
  };
  return (
    <form className={ui.row} onSubmit={submit}>
      <Select
        label={t('kyc.askFor')}
        value={kind}
        onChange={(e) => setKind(e.target.value as KycDocumentKind)}
      >
        {KYC_DOCUMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(kindKey(k))}
          </option>
        ))}
      </Select>
      <Field label={t('kyc.askMessage')} required maxLength={500} value={message} onValue={setMessage} />
      <Button type="submit" disabled={request.isPending}>
        {t('kyc.askSubmit')}
      </Button>
      <Outcome error={request.error} done={request.isSuccess && t('kyc.asked')} />
    </form>
  );
}
