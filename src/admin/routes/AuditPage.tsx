import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../web/components/ui/Button.tsx';
import { adminGet } from '../api/client.ts';
import type { AuditRow, AuditVerdict } from '../api/types.ts';
import { Field, Outcome } from '../components/Field.tsx';
import { fromLocalInput } from '../components/local-time.ts';
import { PageHead, Panel } from '../components/Panel.tsx';
import { type Column, Table } from '../components/Table.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { changeLines } from '../features/audit-change.ts';
import styles from './AuditPage.module.css';

const COLUMNS: Column<AuditRow>[] = [
  { head: '#', cell: (r) => r.id },
  { head: 'When', cell: (r) => <When value={r.at} /> },
  { head: 'Operator', cell: (r) => r.operatorLogin },
  { head: 'Action', cell: (r) => <code>{r.action}</code> },
  { head: 'Target', cell: (r) => r.target },
  {
    head: 'Change',
    wrap: true,
    cell: (r) => (
      <ul className={styles.changes}>
        {changeLines(r.before, r.after).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
  },
  { head: 'Address', cell: (r) => r.ip ?? '-' },
];

const blank = { operator: '', action: '', from: '', to: '' };

/** Who did what, to what, when and from where; filtered, and the hash chain checked on demand. */
export default function AuditPage() {
  const [form, setForm] = useState(blank);
  const [filters, setFilters] = useState(blank);
  const entries = useQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: () =>
      adminGet<{ entries: AuditRow[] }>('/audit', {
        operator: filters.operator.trim(),
        action: filters.action.trim(),
        from: fromLocalInput(filters.from) ?? undefined,
        to: fromLocalInput(filters.to) ?? undefined,
      }),
  });
  const verify = useQuery({
    queryKey: ['admin', 'audit', 'verify'],
    queryFn: () => adminGet<AuditVerdict>('/audit/verify'),
    enabled: false,
  });
  const set = (key: keyof typeof blank) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(form);
  };
  return (
    <div className={ui.page}>
      <PageHead title="Audit log">
        <Button variant="ghost" disabled={verify.isFetching} onClick={() => verify.refetch()}>
          Verify the chain
        </Button>
      </PageHead>
      {verify.data && (
        <p className={verify.data.ok ? ui.ok : ui.error} role="status">
          {verify.data.ok
            ? `The chain is intact: ${verify.data.entries} entries, none edited or removed.`
            : `The chain is broken at entry #${verify.data.brokenAt}: it was edited or an entry was removed.`}
        </p>
      )}
      <Outcome error={verify.error} />
      <Panel title="Filter">
        <form className={ui.row} onSubmit={submit}>
          <Field label="Operator" maxLength={64} value={form.operator} onChange={set('operator')} />
          <Field
            label="Action"
            maxLength={100}
            placeholder="e.g. cashier.approve"
            value={form.action}
            onChange={set('action')}
          />
          <Field label="From" type="datetime-local" value={form.from} onChange={set('from')} />
          <Field label="To" type="datetime-local" value={form.to} onChange={set('to')} />
          <Button type="submit">Apply</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setForm(blank);
              setFilters(blank);
            }}
          >
            Clear
          </Button>
        </form>
      </Panel>
      <Outcome error={entries.error} />
      <Panel title="Entries (newest first)">
        <Table
          label="Audit entries"
          rows={entries.data?.entries}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          empty="No entry matches."
        />
      </Panel>
    </div>
  );
}
