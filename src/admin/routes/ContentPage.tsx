import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { missingLanguages } from '../../shared/content-language.ts';
import { DEFAULT_LOCALE } from '../../shared/format.ts';
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
import { LANGUAGE_NAMES } from '../i18n/index.ts';

const KINDS: ContentKind[] = ['notice', 'popup', 'banner'];

function Actions({ item, onEdit }: { item: ContentItem; onEdit(): void }) {
  const { t } = useTranslation();
  const save = useContentSave(item.kind);
  const remove = useContentDelete(item.kind);
  return (
    <div className={ui.row}>
      <Button
        variant="ghost"
        className={ui.small}
        onClick={onEdit}
        aria-label={t('content.editItem', { title: item.title })}
      >
        {t('common.edit')}
      </Button>
      <Button
        variant="ghost"
        className={ui.small}
        disabled={save.isPending}
        onClick={() => save.mutate({ id: item.id, fields: { published: !item.published } })}
      >
        {item.published ? t('content.unpublish') : t('content.publish')}
      </Button>
      <Button
        variant="ghost"
        className={`${ui.small} ${ui.danger}`}
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(t('content.confirmDelete', { title: item.title }))) remove.mutate(item.id);
        }}
      >
        {t('common.delete')}
      </Button>
      <Outcome error={save.error ?? remove.error} />
    </div>
  );
}

/** Notices, popups and banners: what members see, where, and when. */
export default function ContentPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContentKind>('notice');
  const [editing, setEditing] = useState<ContentItem | 'new' | undefined>();
  const list = useContentList(kind);
  const columns: Column<ContentItem>[] = [
    { head: t('content.title'), wrap: true, cell: (i) => <span translate="no">{i.title}</span> },
    { head: t('memberLists.state'), cell: (i) => <Pill value={i.state} /> },
    {
      head: t('content.languages'),
      wrap: true,
      cell: (i) => {
        const missing = missingLanguages(i.translations, DEFAULT_LOCALE);
        return missing.length === 0 ? (
          t('content.allLanguages')
        ) : (
          <span className={ui.muted}>
            {t('content.missingShort')}{' '}
            <span translate="no">{missing.map((l) => LANGUAGE_NAMES[l]).join(', ')}</span>
          </span>
        );
      },
    },
    {
      head: t('content.sitesHead'),
      wrap: true,
      cell: (i) =>
        i.domain ? (
          <span translate="no">{i.domain}</span>
        ) : (
          <span className={ui.muted}>{t('content.everySite')}</span>
        ),
    },
    { head: t('common.from'), cell: (i) => <When value={i.startsAt} /> },
    { head: t('content.until'), cell: (i) => <When value={i.endsAt} /> },
    { head: t('content.actions'), cell: (i) => <Actions item={i} onEdit={() => setEditing(i)} /> },
  ];
  const label = t(`content.kinds.${kind}`);
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.content')}>
        {!editing && (
          <Button onClick={() => setEditing('new')}>
            {t('content.newTitle', { noun: t(`content.noun.${kind}`) })}
          </Button>
        )}
      </PageHead>
      <Tabs
        tabs={KINDS.map((k) => ({ key: k, label: t(`content.kinds.${k}`) }))}
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
          empty={t(`content.empty.${kind}`)}
        />
      </Panel>
    </div>
  );
}
