import { type FormEvent, useState } from 'react';
import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { KYC_DOCUMENT_KINDS, type KycDocumentKind } from '../../../shared/vocabulary.ts';
import { Button } from '../../../ui/Button.tsx';
import { Outcome, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMay } from '../session/queries.ts';
import { KIND_LABEL } from './DocumentReview.tsx';
import { documentFileUrl, useKycRequest, useMemberKyc } from './queries.ts';

type Doc = AdminReply<typeof adminContract.kyc.member>['documents'][number];

const LEVEL_TEXT = ['0 · not verified', '1 · identity verified', '2 · identity, address and selfie verified'];

/** The member page's verification: level, every document with its decision, open requests; compliance may ask for one. */
export function MemberVerification({ id }: { id: number }) {
  const query = useMemberKyc(id);
  const mayReview = useMay('kyc.review');
  const columns: Column<Doc>[] = [
    { head: 'Uploaded', cell: (d) => <When value={d.uploadedAt} /> },
    {
      head: 'Document',
      cell: (d) =>
        mayReview ? <a href={documentFileUrl(d.id)}>{KIND_LABEL[d.kind]}</a> : KIND_LABEL[d.kind],
    },
    {
      head: 'State',
      cell: (d) => (
        <Pill
          value={d.status === 'approved' ? 'success' : d.status === 'pending' ? 'wait' : 'rejected'}
          label={d.status}
        />
      ),
    },
    { head: 'Reason (member sees)', cell: (d) => d.reason ?? '', wrap: true },
    { head: 'Note', cell: (d) => d.note ?? '', wrap: true },
    { head: 'By', cell: (d) => d.decidedBy ?? '' },
  ];
  return (
    <Panel title="Verification (KYC)">
      {query.data && (
        <p className={ui.muted} data-testid="member-kyc">
          Level {LEVEL_TEXT[query.data.level]}.
          {query.data.requests.map((r) => ` Asked for ${KIND_LABEL[r.kind].toLowerCase()}: “${r.message}”.`)}
        </p>
      )}
      <Outcome error={query.error} />
      <Table
        rows={query.data?.documents}
        columns={columns}
        rowKey={(d) => d.id}
        empty="No document uploaded."
        label="Verification documents"
      />
      {mayReview && <AskForDocument id={id} />}
    </Panel>
  );
}

function AskForDocument({ id }: { id: number }) {
  const request = useKycRequest();
  const [kind, setKind] = useState<KycDocumentKind>('identity');
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ params: { id }, body: { kind, message } }, { onSuccess: () => setMessage('') });
  };
  return (
    <form className={ui.row} onSubmit={submit}>
      <Select label="Ask for" value={kind} onChange={(e) => setKind(e.target.value as KycDocumentKind)}>
        {KYC_DOCUMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </Select>
      <label className={ui.field}>
        Message the member sees
        <input
          className={ui.input}
          required
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <Button type="submit" disabled={request.isPending}>
        Ask the member
      </Button>
      <Outcome error={request.error} done={request.isSuccess && 'Asked; the member got a note.'} />
    </form>
  );
}
