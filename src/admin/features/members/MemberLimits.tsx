import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Amount } from '../../components/Amount.tsx';
import { Panel } from '../../components/Panel.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMemberProtection } from './queries.ts';

type Reply = AdminReply<typeof adminContract.protection.member>;
type Limit = Reply['limits'][number];
type Change = Reply['limitHistory'][number];
type Event = Reply['protectionEvents'][number];

/** A limit's name, e.g. "Deposit per week"; session time has no period. */
const name = (t: TFunction, l: { kind: Limit['kind']; period: Limit['period'] }) =>
  l.kind === 'session'
    ? t('limits.kind.session')
    : t('limits.per', { kind: t(`limits.kind.${l.kind}`), period: t(`limits.period.${l.period}`) });
/** A limit's amount: minutes for session time, else money in the member's currency. */
const value = (t: TFunction, currency: string, kind: Limit['kind'], n: number | null): ReactNode =>
  n === null ? (
    '—'
  ) : kind === 'session' ? (
    t('limits.minutes', { n })
  ) : (
    <Amount value={n} currency={currency} />
  );

const limitColumns = (t: TFunction, currency: string): Column<Limit>[] => [
  { head: t('limits.limit'), cell: (l) => name(t, l) },
  { head: t('limits.amount'), cell: (l) => value(t, currency, l.kind, l.amount) },
  {
    head: t('limits.waiting'),
    cell: (l) =>
      l.pendingFrom ? (
        <>
          {l.pendingRemove ? t('limits.removal') : value(t, currency, l.kind, l.pendingAmount)},{' '}
          {t('limits.mayConfirm')} <When value={l.pendingFrom} />
        </>
      ) : (
        '—'
      ),
  },
];

const changeColumns = (t: TFunction, currency: string): Column<Change>[] => [
  { head: t('limits.time'), cell: (c) => <When value={c.at} /> },
  { head: t('limits.limit'), cell: (c) => name(t, c) },
  { head: t('limits.change'), cell: (c) => t(`limits.action.${c.action}`) },
  { head: t('common.from'), cell: (c) => value(t, currency, c.kind, c.previous) },
  { head: t('common.to'), cell: (c) => value(t, currency, c.kind, c.amount) },
];

function eventText(t: TFunction, currency: string, e: Event): ReactNode {
  const d = e.detail as Record<string, string | number | null>;
  if (e.kind === 'reality_check') {
    return t('limits.reality', {
      where: d.where,
      choice: t(`limits.choice.${d.choice}`, { defaultValue: String(d.choice) }),
      minutes: d.minutesPlayed,
      net: formatMoney(d.net, currency, 'en'),
    });
  }
  const limit = name(t, { kind: d.limit as Limit['kind'], period: d.period as Limit['period'] });
  return (
    <>
      {t('limits.hit')} {limit} {value(t, currency, d.limit as Limit['kind'], Number(d.amount))}
      {d.resetsAt ? (
        <>
          , {t('limits.resets')} <When value={String(d.resetsAt)} />
        </>
      ) : null}
    </>
  );
}

const eventColumns = (t: TFunction, currency: string): Column<Event>[] => [
  { head: t('limits.time'), cell: (e) => <When value={e.at} /> },
  { head: t('limits.event'), cell: (e) => eventText(t, currency, e) },
];

/**
 * The member's own limits, every change to them, limit hits and reality check answers, the amounts in
 * the member's currency (their site's). Read-only.
 */
export function MemberLimits({ id, currency }: { id: number; currency: string }) {
  const { t } = useTranslation();
  const query = useMemberProtection(id);
  return (
    <Panel title={t('limits.title')}>
      <Table
        rows={query.data?.limits}
        columns={limitColumns(t, currency)}
        rowKey={(l) => `${l.kind}:${l.period}`}
        empty={t('limits.none')}
        label={t('limits.label')}
      />
      <h3 className={ui.muted}>{t('limits.changes')}</h3>
      <Table
        rows={query.data?.limitHistory}
        columns={changeColumns(t, currency)}
        rowKey={(c) => String(c.id)}
        empty={t('limits.noChanges')}
        label={t('limits.history')}
      />
      <h3 className={ui.muted}>{t('limits.hits')}</h3>
      <Table
        rows={query.data?.protectionEvents}
        columns={eventColumns(t, currency)}
        rowKey={(e) => String(e.id)}
        empty={t('limits.noHits')}
        label={t('limits.hits')}
      />
    </Panel>
  );
}
