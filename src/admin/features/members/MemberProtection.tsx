import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminReply, adminContract } from '../../../shared/contract/admin/index.ts';
import { localeDateTimeIn } from '../../../shared/zoned-time.ts';
import { Panel } from '../../components/Panel.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { intlLocale } from '../../i18n/index.ts';
import { useTimeZone } from '../session/site-zone.ts';
import { useMemberProtection } from './queries.ts';

type Reply = AdminReply<typeof adminContract.protection.member>;
type Event = Reply['events'][number];

const columns = (t: TFunction): Column<Event>[] => [
  { head: t('protection.time'), cell: (r) => <When value={r.at} /> },
  { head: t('protection.event'), cell: (r) => t(`protection.events.${r.event}`) },
  { head: t('protection.period'), cell: (r) => r.periodId },
  {
    head: t('protection.periodEnds'),
    cell: (r) => (r.endsAt ? <When value={r.endsAt} /> : t('protection.never')),
  },
];

function currentText(t: TFunction, current: Reply['current'], zone: string | undefined): string {
  const kind = current.kind === 'break' ? t('protection.break') : t('protection.exclusion');
  const end = (d: string | null) =>
    d && zone ? localeDateTimeIn(d, zone, intlLocale()) : t('protection.never');
  switch (current.state) {
    case 'none':
      return t('protection.none');
    case 'active':
      return t('protection.active', { kind, end: end(current.endsAt) });
    case 'ended':
      return t('protection.ended', { kind, end: end(current.endsAt) });
    default:
      return t('protection.cooling', { kind, end: end(current.liftsAt) });
  }
}

/** The member's own protection: where it stands and its events (set, ended, asked to lift, lifted). */
export function MemberProtection({ id }: { id: number }) {
  const zone = useTimeZone();
  const { t } = useTranslation();
  const query = useMemberProtection(id);
  return (
    <Panel title={t('dashboard.protection')}>
      {query.data && (
        <p className={ui.muted} data-testid="member-protection">
          {currentText(t, query.data.current, zone)}
        </p>
      )}
      <Table
        rows={query.data?.events}
        columns={columns(t)}
        rowKey={(r) => `${r.periodId}-${r.event}`}
        empty={t('protection.noEvents')}
        label={t('protection.label')}
      />
    </Panel>
  );
}
