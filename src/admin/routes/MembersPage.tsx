import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import type { MemberRow } from '../api/types.ts';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { ReadFromNote } from '../components/ReadFromNote.tsx';
import { SiteName } from '../components/SiteName.tsx';
import { type Column, Table } from '../components/Table.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { useMemberSearch } from '../features/members/queries.ts';

const columns = (t: TFunction): Column<MemberRow>[] => [
  { head: '#', cell: (m) => m.id },
  {
    head: t('members.login'),
    cell: (m) => (
      <Link to={`/members/${m.id}`} translate="no">
        {m.loginId}
      </Link>
    ),
  },
  { head: t('members.nick'), cell: (m) => <span translate="no">{m.nick}</span> },
  { head: t('common.site'), cell: (m) => <SiteName id={m.siteId} /> },
  { head: t('members.level'), cell: (m) => m.level },
  { head: t('members.status'), cell: (m) => <Pill value={m.status} /> },
  { head: t('members.joined'), cell: (m) => <When value={m.createdAt} /> },
];

/** Find a member by login, nickname or phone; the newest 50 matches. */
export default function MembersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const search = useMemberSearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.members')} />
      <ReadFromNote readFrom={search.data?.readFrom} />
      <search>
        <form className={ui.row} onSubmit={submit}>
          <input
            className={ui.input}
            style={{ maxWidth: 360 }}
            aria-label={t('members.search')}
            placeholder={t('members.placeholder')}
            value={text}
            maxLength={64}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">{t('common.search')}</Button>
        </form>
      </search>
      <Outcome error={search.error} />
      <Panel title={q ? t('members.matching', { q }) : t('members.newest')}>
        <Table
          label={t('nav.members')}
          rows={search.data?.members}
          columns={columns(t)}
          rowKey={(m) => m.id}
          empty={t('members.noMatch')}
        />
      </Panel>
    </div>
  );
}
