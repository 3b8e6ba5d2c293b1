import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import type { ContentItem, ContentKind } from '../api/types.ts';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { ContentEditor } from '../features/content/ContentEditor.tsx';
import { useContentDelete, useContentList, useContentSave } from '../features/content/queries.ts';

const TABS: { key: ContentKind; label: string }[] = [
  { key: 'notice', label: 'Notices' },
  { key: 'popup', label: 'Popups' },
  { key: 'banner', label: 'Banners' },
];

function Actions({ item, onEdit }: { item: ContentItem; onEdit(): void }) {
  const save = useContentSave(item.kind);
  const remove = useContentDelete(item.kind);
  return (
    <div className={ui.row}>
      <Button variant="ghost" className={ui.small} onClick={onEdit} aria-label={`Edit ${item.title}`}>
        Edit
      </Button>
      <Button
        variant="ghost"
        className={ui.small}
        disabled={save.isPending}
        onClick={() => save.mutate({ id: item.id, fields: { published: !item.published } })}
      >
        {item.published ? 'Unpublish' : 'Publish'}
      </Button>
      <Button
        variant="ghost"
        className={`${ui.small} ${ui.danger}`}
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Delete “${item.title}”? Members stop seeing it at once.`))
            remove.mutate(item.id);
        }}
      >
        Delete
      </Button>
      <Outcome error={save.error ?? remove.error} />
    </div>
  );
}

/** Notices, popups and banners: what members see, where, and when. */
export default function ContentPage() {
  const [kind, setKind] = useState<ContentKind>('notice');
  const [editing, setEditing] = useState<ContentItem | 'new' | undefined>();
  const list = useContentList(kind);
  const columns: Column<ContentItem>[] = [
    { head: 'Title', wrap: true, cell: (i) => i.title },
    { head: 'State', cell: (i) => <Pill value={i.state} /> },
    { head: 'Sites', wrap: true, cell: (i) => i.domain || <span className={ui.muted}>every site</span> },
    { head: 'From', cell: (i) => <When value={i.startsAt} /> },
    { head: 'Until', cell: (i) => <When value={i.endsAt} /> },
    { head: '', cell: (i) => <Actions item={i} onEdit={() => setEditing(i)} /> },
  ];
  const label = TABS.find((t) => t.key === kind)?.label ?? '';
  return (
    <div className={ui.page}>
      <PageHead title="Content">
        {!editing && <Button onClick={() => setEditing('new')}>New {kind}</Button>}
      </PageHead>
      <Tabs
        tabs={TABS}
        value={kind}
        onChange={(next) => {
          setKind(next);
          setEditing(undefined);
        }}
      />
      {editing && (
        <ContentEditor
          key={editing === 'new' ? `new-${kind}` : `${kind}-${editing.id}`}
          kind={kind}
          item={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      <Outcome error={list.error} />
      <Panel title={label}>
        <Table
          label={label}
          rows={list.data?.items}
          columns={columns}
          rowKey={(i) => i.id}
          empty={`No ${kind} yet.`}
        />
      </Panel>
    </div>
  );
}
