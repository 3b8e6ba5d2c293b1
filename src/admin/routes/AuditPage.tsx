import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { Button } from '../../ui/Button.tsx';
import { adminCall } from '../api/client.ts';
import type { AuditRow } from '../api/types.ts';
import { Field, Outcome, Select } from '../components/Field.tsx';
import { fromLocalInput } from '../components/local-time.ts';
import { PageHead, Panel } from '../components/Panel.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { useTextFields } from '../components/text-fields.ts';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { useWallTimeFields } from '../components/zone-follow.ts';
import { fieldChanges } from '../features/audit-change.ts';
import { useChosenSite } from '../features/session/site-zone.ts';
import styles from './AuditPage.module.css';

/** What an entry changed, one line per field: the field's name, its old value struck through, the new one. */
function Changes({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  return (
    // The entry's data as recorded (field names, values) is not translated.
    <ul className={styles.changes} translate="no">
      {fieldChanges(row.before, row.after).map((c) => (
        <li key={c.field}>
          {c.field && (
            <span className={styles.field}>
              {/* A known field by its name in the operator's language; any other by its own name. */}
              {t(`audit.field.${c.field}`, { defaultValue: c.field })}:{' '}
            </span>
          )}
          {c.before !== undefined && (
            <>
              <del className={styles.before}>{c.before}</del> →{' '}
            </>
          )}
          <ins className={styles.after}>{c.after}</ins>
        </li>
      ))}
    </ul>
  );
}

const columns = (t: TFunction): Column<AuditRow>[] => [
  { head: '#', cell: (r) => r.id },
  { head: t('audit.when'), cell: (r) => <When value={r.at} /> },
  { head: t('audit.operator'), cell: (r) => <span translate="no">{r.operatorLogin}</span> },
  {
    head: t('audit.action'),
    cell: (r) => (
      <code className={styles.code} translate="no">
        {r.action}
      </code>
    ),
  },
  {
    head: t('audit.target'),
    cell: (r) => (
      <span className={styles.code} translate="no">
        {r.target}
      </span>
    ),
  },
  { head: t('audit.change'), wrap: true, cell: (r) => <Changes row={r} /> },
  { head: t('audit.address'), cell: (r) => r.ip ?? '-' },
];

const PAGE = 100;
const blank = { operator: '', action: '', from: '', to: '' };
type Filters = { operator: string; action: string; from?: string; to?: string };
const noFilters: Filters = { operator: '', action: '' };

/** Who did what, to what, when and from where; filtered, and the hash chain checked on demand. */
export default function AuditPage() {
  const { t } = useTranslation();
  const zone = useChosenSite().timeZone;
  const [form, setForm, bind] = useTextFields(blank);
  // The dates are typed in the site's wall time: another site chosen meanwhile moves them there.
  useWallTimeFields(zone, setForm, ['from', 'to']);
  // The filters applied, their dates as instants: another site chosen later changes none of them (read
  // at each page in the new zone, the next page started two hours off the first).
  const [filters, setFilters] = useState(noFilters);
  // Paging goes back in time from an entry id, so new entries never shift the page being read.
  const [before, setBefore] = useState<number | undefined>();
  const entries = useQuery({
    queryKey: ['admin', 'audit', filters, before],
    queryFn: () =>
      adminCall(api.audit.search, {
        query: {
          operator: filters.operator.trim(),
          action: filters.action.trim(),
          from: filters.from,
          to: filters.to,
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      ...form,
      from: fromLocalInput(form.from, zone) ?? undefined,
      to: fromLocalInput(form.to, zone) ?? undefined,
    });
    setBefore(undefined);
  };
  const rows = entries.data?.entries;
  const oldest = rows?.at(-1)?.id;
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.audit')}>
        <Button variant="ghost" disabled={verify.isFetching} onClick={() => verify.refetch()}>
          {t('audit.verify')}
        </Button>
      </PageHead>
      {verify.data && (
        <p className={verify.data.ok ? ui.ok : ui.error} role="status">
          {verify.data.ok
            ? t('audit.intact', { entries: verify.data.entries })
            : t('audit.broken', { id: verify.data.brokenAt })}
        </p>
      )}
      <Outcome error={verify.error} />
      <Panel title={t('audit.filter')}>
        <form className={ui.row} onSubmit={submit}>
          <Select label={t('audit.operator')} {...bind('operator')}>
            <option value="">{t('audit.everyOperator')}</option>
            {operators.data?.operators.map((o) => (
              <option key={o.id} value={o.login} translate="no">
                {o.login} ({t(`roles.${o.role}`)})
              </option>
            ))}
          </Select>
          <Field
            label={t('audit.action')}
            list="audit-actions"
            maxLength={100}
            placeholder={t('audit.actionHint')}
            {...bind('action')}
          />
          <datalist id="audit-actions" translate="no">
            {actions.data?.actions.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <Field label={t('common.from')} type="datetime-local" {...bind('from')} />
          <Field label={t('common.to')} type="datetime-local" {...bind('to')} />
          <Button type="submit">{t('common.apply')}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setForm(blank);
              setFilters(noFilters);
              setBefore(undefined);
            }}
          >
            {t('common.clear')}
          </Button>
        </form>
      </Panel>
      <Outcome error={entries.error} />
      <Panel
        title={before ? t('audit.olderThan', { id: before }) : t('audit.entries')}
        actions={
          <div className={ui.row}>
            {before && (
              <Button variant="ghost" className={ui.small} onClick={() => setBefore(undefined)}>
                {t('common.newest')}
              </Button>
            )}
            {rows?.length === PAGE && (
              <Button variant="ghost" className={ui.small} onClick={() => setBefore(oldest)}>
                {t('audit.olderEntries')}
              </Button>
            )}
          </div>
        }
      >
        <Table
          label={t('audit.label')}
          rows={rows}
          columns={columns(t)}
          rowKey={(r) => r.id}
          empty={t('audit.noMatch')}
        />
      </Panel>
    </div>
  );
}
