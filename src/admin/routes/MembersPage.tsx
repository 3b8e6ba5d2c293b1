import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import type { MemberRow } from '../api/types.ts';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { type Column, Table } from '../components/Table.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { useMemberSearch } from '../features/members/queries.ts';

const COLUMNS: Column<MemberRow>[] = [
  { head: '#', cell: (m) => m.id },
  { head: 'Login', cell: (m) => <Link to={`/members/${m.id}`}>{m.loginId}</Link> },
  { head: 'Nickname', cell: (m) => m.nick },
  { head: 'Level', cell: (m) => m.level },
  { head: 'Status', cell: (m) => <Pill value={m.status} /> },
  { head: 'Joined', cell: (m) => <When value={m.createdAt} /> },
];

/** Find a member by login, nickname or phone; the newest 50 matches. */
export default function MembersPage() {
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
      <PageHead title="Members" />
      <search>
        <form className={ui.row} onSubmit={submit}>
          <input
            className={ui.input}
            style={{ maxWidth: 360 }}
            aria-label="Search members"
            placeholder="Login, nickname or phone"
            value={text}
            maxLength={64}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      <Outcome error={search.error} />
      <Panel title={q ? `Members matching “${q}”` : 'Newest members'}>
        <Table
          label="Members"
          rows={search.data?.members}
          columns={COLUMNS}
          rowKey={(m) => m.id}
          empty="No member matches."
        />
      </Panel>
    </div>
  );
}
