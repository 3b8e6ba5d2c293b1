import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { OPERATOR_ROLES } from '../../shared/vocabulary.ts';
import { Button } from '../../ui/Button.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { adminCall } from '../api/client.ts';
import type { OperatorRow } from '../api/types.ts';
import { Field, Outcome, Select } from '../components/Field.tsx';
import { LiftLock } from '../components/LiftLock.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { useTextFields } from '../components/text-fields.ts';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { useOperator } from '../features/session/queries.ts';

const ROLES = OPERATOR_ROLES;
type Role = (typeof ROLES)[number];
const LIST = ['admin', 'operators'] as const;

function RoleCell({ row, self }: { row: OperatorRow; self: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (role: Role) => adminCall(api.operators.setRole, { params: { id: row.id }, body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: LIST }),
  });
  if (self) return <span>{t('operators.you', { role: t(`roles.${row.role}`) })}</span>;
  return (
    <>
      <select
        className={`${ui.input} ${ui.cellSelect}`}
        aria-label={t('operators.roleOf', { login: row.login })}
        value={row.role}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as Role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </select>
      <Outcome error={change.error} />
    </>
  );
}

/** Whether the operator may sign in; an owner disables a leaver (their sessions end at once) or enables them again. */
function AccessCell({ row, self }: { row: OperatorRow; self: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) =>
      adminCall(api.operators.access, { params: { id: row.id }, body: { enabled } }),
    onSettled: () => client.invalidateQueries({ queryKey: LIST }),
  });
  const enabled = row.disabledAt === null;
  if (self) return <span>{t('operators.enabled')}</span>;
  const toggle = () => {
    if (enabled && !window.confirm(t('operators.confirmDisable', { login: row.login }))) return;
    change.mutate(!enabled);
  };
  return (
    <>
      {enabled ? <span>{t('operators.enabled')}</span> : <When value={row.disabledAt} />}{' '}
      <Button
        variant="ghost"
        disabled={change.isPending}
        onClick={toggle}
        aria-label={t(enabled ? 'operators.disable' : 'operators.enable', { login: row.login })}
      >
        {t(enabled ? 'operators.disableShort' : 'operators.enableShort')}
      </Button>
      <Outcome error={change.error} />
    </>
  );
}

/**
 * The operator's sign-in locks (15 minutes of failed logins; the day's lock of 5 wrong codes, which
 * stops them all day); an owner lifts another's with a reason, kept in the audit log.
 */
function LockCell({ row, self }: { row: OperatorRow; self: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lift = useMutation({
    mutationFn: (reason: string) =>
      adminCall(api.operators.unlock, { params: { id: row.id }, body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: LIST }),
  });
  const now = Date.now();
  const failedLogins = row.lockedUntil && Date.parse(row.lockedUntil) > now ? row.lockedUntil : null;
  if (!failedLogins && !row.codeLockedUntil) return <span>—</span>;
  return (
    <>
      {row.codeLockedUntil ? (
        <strong className={ui.danger}>
          {t('lock.codesLocked')} <When value={row.codeLockedUntil} />
        </strong>
      ) : (
        <When value={failedLogins} />
      )}
      {!self && (
        <LiftLock
          label={t('lock.liftOperator', { login: row.login })}
          pending={lift.isPending}
          error={lift.error}
          onLift={(reason) => lift.mutate(reason)}
        />
      )}
    </>
  );
}

/** Who may use the back office, with which role; new operators get their credentials once. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const me = useOperator().data?.operator;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: LIST,
    queryFn: () => adminCall(api.operators.list),
  });
  const [form, setForm, bind] = useTextFields<{ login: string; role: Role }>({ login: '', role: 'support' });
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
    { head: t('login.login'), cell: (o) => <span translate="no">{o.login}</span> },
    { head: t('operators.role'), cell: (o) => <RoleCell row={o} self={o.id === me?.id} /> },
    { head: t('operators.access'), cell: (o) => <AccessCell row={o} self={o.id === me?.id} /> },
    { head: t('operators.lockedUntil'), cell: (o) => <LockCell row={o} self={o.id === me?.id} /> },
    { head: t('operators.added'), cell: (o) => <When value={o.createdAt} /> },
  ];
  const created = create.data;
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.operators')} />
      <Panel title={t('operators.addTitle')}>
        <form className={ui.row} onSubmit={submit}>
          <Field
            label={t('login.login')}
            required
            pattern="[a-z][a-z0-9_\-]{2,31}"
            title={t('operators.loginRule')}
            {...bind('login')}
          />
          <Select
            label={t('operators.role')}
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </Select>
          <Button type="submit" disabled={create.isPending}>
            {t('operators.add')}
          </Button>
        </form>
        <Outcome error={create.error} />
        {created && (
          <div className={ui.form} role="status" style={{ marginTop: 12 }}>
            <p className={ui.ok}>
              {t('operators.addedNotice', {
                login: created.operator.login,
                role: t(`roles.${created.operator.role}`),
              })}
            </p>
            <p>
              {t('login.password')}: <code translate="no">{created.password}</code>
            </p>
            <p>
              {t('operators.totp')}: <code translate="no">{created.totpSecret}</code>
            </p>
            <QrCode text={created.otpauthUri} label={t('operators.qr')} />
            <p className={ui.muted} style={{ overflowWrap: 'anywhere' }}>
              {t('operators.uri')}: <code translate="no">{created.otpauthUri}</code>
            </p>
          </div>
        )}
      </Panel>
      <Outcome error={list.error} />
      <Panel title={t('nav.operators')}>
        <Table
          label={t('nav.operators')}
          rows={list.data?.operators}
          columns={columns}
          rowKey={(o) => o.id}
          empty={t('operators.none')}
        />
      </Panel>
    </div>
  );
}
