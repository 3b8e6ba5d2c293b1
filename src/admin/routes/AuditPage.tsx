import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { Button } from '../../ui/Button.tsx';
import { adminCall } from '../api/client.ts';
import type { AuditRow } from '../api/types.ts';
import { Field, Outcome, Select } from '../components/Field.tsx';
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

const PAGE = 100;
const blank = { operator: '', action: '', from: '', to: '' };

/** Who did what, to what, when and from where; filtered, and the hash chain checked on demand. */
export default function AuditPage() {
  const [form, setForm] = useState(blank);
  const [filters, setFilters] = useState(blank);
  // Paging goes back in time from an entry id, so new entries never shift the page being read.
  const [before, setBefore] = useState<number | undefined>();
  const entries = useQuery({
    queryKey: ['admin', 'audit', filters, before],
    queryFn: () =>
      adminCall(api.audit.search, {
        query: {
          operator: filters.operator.trim(),
          action: filters.action.trim(),
          from: fromLocalInput(filters.from) ?? undefined,
          to: fromLocalInput(filters.to) ?? undefined,
          before,
          limit: PAGE,
        },
      }),
  });
  const operators = useQuery({
    queryKey: ['admin', 'operators'],
    queryFn: () => adminCall(api.operators.list),
  });
  const actions = useQuery({
    queryKey: ['admin', 'audit', 'actions'],
    queryFn: () => adminCall(api.audit.actions),
  });
  const verify = useQuery({
    queryKey: ['admin', 'audit', 'verify'],
    queryFn: () => adminCall(api.audit.verify),
    enabled: false,
  });
  const set = (key: keyof typeof blank) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(form);
    setBefore(undefined);
  };
  const rows = entries.data?.entries;
  const oldest = rows?.at(-1)?.id;
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
          <Select label="Operator" value={form.operator} onChange={set('operator')}>
            <option value="">Every operator</option>
            {operators.data?.operators.map((o) => (
              <option key={o.id} value={o.login}>
                {o.login} ({o.role})
              </option>
            ))}
          </Select>
          <Field
            label="Action"
            list="audit-actions"
            maxLength={100}
            placeholder="e.g. content.* or cashier.deposit.approve"
            value={form.action}
            onChange={set('action')}
          />
          <datalist id="audit-actions">
            {actions.data?.actions.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <Field label="From" type="datetime-local" value={form.from} onChange={set('from')} />
          <Field label="To" type="datetime-local" value={form.to} onChange={set('to')} />
          <Button type="submit">Apply</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setForm(blank);
              setFilters(blank);
              setBefore(undefined);
            }}
          >
            Clear
          </Button>
        </form>
      </Panel>
      <Outcome error={entries.error} />
      <Panel
        title={before ? `Entries older than #${before}` : 'Entries (newest first)'}
        actions={
          <div className={ui.row}>
            {before && (
              <Button variant="ghost" className={ui.small} onClick={() => setBefore(undefined)}>
                Newest
              </Button>
            )}
            {rows?.length === PAGE && (
              <Button variant="ghost" className={ui.small} onClick={() => setBefore(oldest)}>
                Older entries
              </Button>
            )}
          </div>
        }
      >
        <Table
          label="Audit entries"
          rows={rows}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          empty="No entry matches."
        />
      </Panel>
    </div>
  );
}
