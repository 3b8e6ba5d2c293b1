import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { ContentItem, ContentKind } from '../../api/types.ts';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { fromLocalInput, toLocalInput } from '../../components/local-time.ts';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import styles from './content.module.css';
import { HtmlField } from './HtmlField.tsx';
import { PopupPreview } from './PopupPreview.tsx';
import { useContentSave } from './queries.ts';

/** Every field of every kind as form text; what a kind does not use is ignored. */
function formOf(item: ContentItem | undefined) {
  const get = (key: string) => {
    const value = item ? (item as Record<string, unknown>)[key] : undefined;
    return value === null || value === undefined ? '' : String(value);
  };
  return {
    title: get('title'),
    contents: get('contents'),
    titleColor: get('titleColor') || '#f5c542',
    posX: get('posX') || '40',
    posY: get('posY') || '80',
    type: get('type') || 'home',
    text: get('text'),
    imageUrl: get('imageUrl'),
    linkUrl: get('linkUrl'),
    amount: get('amount'),
    sortOrder: get('sortOrder') || '0',
    domain: get('domain'),
    published: item ? item.published : true,
    startsAt: toLocalInput(item?.startsAt),
    endsAt: toLocalInput(item?.endsAt),
  };
}
type Form = ReturnType<typeof formOf>;

function fieldsOf(kind: ContentKind, form: Form) {
  const common = {
    title: form.title,
    domain: form.domain.trim(),
    published: form.published,
    startsAt: fromLocalInput(form.startsAt),
    endsAt: fromLocalInput(form.endsAt),
  };
  if (kind === 'notice') return { ...common, contents: form.contents };
  if (kind === 'popup') {
    return {
      ...common,
      contents: form.contents,
      titleColor: form.titleColor,
      posX: Number(form.posX),
      posY: Number(form.posY),
    };
  }
  return {
    ...common,
    type: form.type === 'jackpot' ? ('jackpot' as const) : ('home' as const),
    text: form.text,
    imageUrl: form.imageUrl.trim() || null,
    linkUrl: form.linkUrl.trim() || null,
    amount: form.amount === '' ? null : Number(form.amount),
    sortOrder: Number(form.sortOrder),
  };
}

const NOUN: Record<ContentKind, string> = { notice: 'notice', popup: 'popup', banner: 'banner' };

/** Create or edit one notice, popup or banner, with its schedule, its sites and a live preview. */
export function ContentEditor({
  kind,
  item,
  onDone,
}: {
  kind: ContentKind;
  item?: ContentItem;
  onDone(): void;
}) {
  const save = useContentSave(kind);
  const [form, setForm] = useState(() => formOf(item));
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: item?.id, fields: fieldsOf(kind, form) }, { onSuccess: onDone });
  };
  const hasHtml = kind !== 'banner';
  return (
    <Panel title={item ? `Edit ${NOUN[kind]} #${item.id}` : `New ${NOUN[kind]}`}>
      <form className={styles.editor} onSubmit={submit}>
        <div className={styles.fields}>
          <Field label="Title" required maxLength={200} value={form.title} onChange={set('title')} />
          {hasHtml && (
            <HtmlField value={form.contents} onChange={(contents) => setForm({ ...form, contents })} />
          )}
          {kind === 'popup' && (
            <div className={styles.twoCols}>
              <Field label="Title colour" type="color" value={form.titleColor} onChange={set('titleColor')} />
              <Field
                label="Left (px)"
                type="number"
                min={0}
                max={4000}
                value={form.posX}
                onChange={set('posX')}
              />
              <Field
                label="Top (px)"
                type="number"
                min={0}
                max={4000}
                value={form.posY}
                onChange={set('posY')}
              />
            </div>
          )}
          {kind === 'banner' && (
            <div className={styles.twoCols}>
              <Select label="Where" value={form.type} onChange={set('type')}>
                <option value="home">Home page banner</option>
                <option value="jackpot">Jackpot counter</option>
              </Select>
              <Field label="Text" maxLength={500} value={form.text} onChange={set('text')} />
              <Field
                label="Image (a /media/… path)"
                maxLength={300}
                value={form.imageUrl}
                onChange={set('imageUrl')}
              />
              <Field
                label="Link (a path or https URL)"
                maxLength={500}
                value={form.linkUrl}
                onChange={set('linkUrl')}
              />
              <Field
                label="Jackpot amount"
                type="number"
                min={0}
                value={form.amount}
                onChange={set('amount')}
              />
              <Field label="Order" type="number" value={form.sortOrder} onChange={set('sortOrder')} />
            </div>
          )}
          <div className={styles.twoCols}>
            <Field label="Show from" type="datetime-local" value={form.startsAt} onChange={set('startsAt')} />
            <Field label="Show until" type="datetime-local" value={form.endsAt} onChange={set('endsAt')} />
          </div>
          <Field
            label="Sites (host names, comma separated; empty = every site)"
            maxLength={500}
            value={form.domain}
            onChange={set('domain')}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={form.published}
              onChange={(event) => setForm({ ...form, published: event.target.checked })}
            />
            Published
          </label>
          <Outcome error={save.error} />
          <div className={ui.row}>
            <Button type="submit" disabled={save.isPending}>
              {item ? 'Save changes' : `Publish ${NOUN[kind]}`}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </div>
        {hasHtml && (
          <PopupPreview
            title={form.title}
            titleColor={kind === 'popup' ? form.titleColor : undefined}
            contents={form.contents}
          />
        )}
      </form>
    </Panel>
  );
}
