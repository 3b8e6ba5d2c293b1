import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { OPERATOR_ROLES } from '../../shared/vocabulary.ts';
import { Button } from '../../ui/Button.tsx';
import { adminCall } from '../api/client.ts';
import type { OperatorRow } from '../api/types.ts';
import { Field, Outcome, Select } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { type Column, Table } from '../components/Table.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { useOperator } from '../features/session/queries.ts';

const ROLES = OPERATOR_ROLES;
type Role = (typeof ROLES)[number];
const LIST = ['admin', 'operators'] as const;

function RoleCell({ row, self }: { row: OperatorRow; self: boolean }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (role: Role) => adminCall(api.operators.setRole, { params: { id: row.id }, body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: LIST }),
  });
  if (self) return <span>{row.role} (you)</span>;
  return (
    <>
      <select
        className={`${ui.input} ${ui.cellSelect}`}
        aria-label={`Role of ${row.login}`}
        value={row.role}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as Role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <Outcome error={change.error} />
    </>
  );
}

/** Who may use the back office, with which role; new operators get their credentials once. */
export default function OperatorsPage() {
  const me = useOperator().data?.operator;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: LIST,
    queryFn: () => adminCall(api.operators.list),
  });
  const [form, setForm] = useState<{ login: string; role: Role }>({ login: '', role: 'support' });
  const create = useMutation({
    mutationFn: () => adminCall(api.operators.create, { body: form }),
    onSuccess: () => {
      setForm({ login: '', role: form.role });
      client.invalidateQueries({ queryKey: LIST });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const columns: Column<OperatorRow>[] = [
    { head: 'Login', cell: (o) => o.login },
    { head: 'Role', cell: (o) => <RoleCell row={o} self={o.id === me?.id} /> },
    { head: 'Locked until', cell: (o) => <When value={o.lockedUntil} /> },
    { head: 'Added', cell: (o) => <When value={o.createdAt} /> },
  ];
  const created = create.data;
  return (
    <div className={ui.page}>
      <PageHead title="Operators" />
      <Panel title="Add an operator">
        <form className={ui.row} onSubmit={submit}>
          <Field
            label="Login"
            required
            pattern="[a-z][a-z0-9_\-]{2,31}"
            title="3-32 lower-case letters, digits, _ or -"
            value={form.login}
            onChange={(e) => setForm({ ...form, login: e.target.value })}
          />
          <Select
            label="Role"
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
          <Button type="submit" disabled={create.isPending}>
            Add operator
          </Button>
        </form>
        <Outcome error={create.error} />
        {created && (
          <div className={ui.form} role="status" style={{ marginTop: 12 }}>
            <p className={ui.ok}>
              {created.operator.login} ({created.operator.role}) added. Hand these over now: they are not
              shown again.
            </p>
            <p>
              Password: <code>{created.password}</code>
            </p>
            <p>
              TOTP secret: <code>{created.totpSecret}</code>
            </p>
            <p className={ui.muted} style={{ overflowWrap: 'anywhere' }}>
              Authenticator URI: <code>{created.otpauthUri}</code>
            </p>
          </div>
        )}
      </Panel>
      <Outcome error={list.error} />
      <Panel title="Operators">
        <Table
          label="Operators"
          rows={list.data?.operators}
          columns={columns}
          rowKey={(o) => o.id}
          empty="No operators."
        />
      </Panel>
    </div>
  );
}
