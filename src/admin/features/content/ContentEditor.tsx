import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translations } from '../../../shared/content-language.ts';
import { Button } from '../../../ui/Button.tsx';
import type { ContentItem, ContentKind } from '../../api/types.ts';
import { Check, Field, Outcome, Select } from '../../components/Field.tsx';
import { fromLocalInput, toLocalInput } from '../../components/local-time.ts';
import { Panel } from '../../components/Panel.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { useWallTimeFields } from '../../components/zone-follow.ts';
import { useChosenSite } from '../session/site-zone.ts';
import styles from './content.module.css';
import { HtmlField } from './HtmlField.tsx';
import { LanguageTabs } from './LanguageTabs.tsx';
import { PopupPreview } from './PopupPreview.tsx';
import { useContentSave } from './queries.ts';
import { useTranslatedTexts } from './translated-texts.ts';

/** Every field of every kind as form text; what a kind does not use is ignored. */
function formOf(item: ContentItem | undefined, zone: string | undefined) {
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
    startsAt: toLocalInput(item?.startsAt, zone),
    endsAt: toLocalInput(item?.endsAt, zone),
  };
}
type Form = ReturnType<typeof formOf>;

function fieldsOf(kind: ContentKind, form: Form, translations: Translations, zone: string | undefined) {
  const common = {
    title: form.title,
    translations,
    domain: form.domain.trim(),
    published: form.published,
    startsAt: fromLocalInput(form.startsAt, zone),
    endsAt: fromLocalInput(form.endsAt, zone),
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
  const { t } = useTranslation();
  const zone = useChosenSite().timeZone;
  const save = useContentSave(kind);
  const [form, setForm, bind] = useTextFields(() => formOf(item, zone));
  // Its schedule is typed in the chosen site's wall time: another site chosen meanwhile moves it there.
  useWallTimeFields(zone, setForm, ['startsAt', 'endsAt']);
  const texts = useTranslatedTexts(
    form,
    (key, value) => setForm({ ...form, [key]: value }),
    item?.translations ?? {},
  );
  const { translations, textOf } = texts;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: item?.id, fields: fieldsOf(kind, form, translations, zone) }, { onSuccess: onDone });
  };
  const hasHtml = kind !== 'banner';
  const noun = t(`content.noun.${kind}`);
  return (
    <Panel title={item ? t('content.editTitle', { noun, id: item.id }) : t('content.newTitle', { noun })}>
      <form className={styles.editor} onSubmit={submit}>
        <div className={styles.fields}>
          <LanguageTabs {...texts.tabs} />
          <Field label={t('content.title')} maxLength={200} {...texts.input('title')} />
          {hasHtml && (
            <HtmlField required={texts.own} value={textOf('contents')} onChange={texts.setText('contents')} />
          )}
          {kind === 'banner' && (
            <Field label={t('content.text')} maxLength={500} {...texts.input('text', { optional: true })} />
          )}
          {kind === 'popup' && (
            <div className={styles.twoCols}>
              <Field label={t('content.titleColour')} type="color" {...bind('titleColor')} />
              <Field label={t('content.left')} type="number" min={0} max={4000} {...bind('posX')} />
              <Field label={t('content.top')} type="number" min={0} max={4000} {...bind('posY')} />
            </div>
          )}
          {kind === 'banner' && (
            <div className={styles.twoCols}>
              <Select label={t('content.where')} {...bind('type')}>
                <option value="home">{t('content.homeBanner')}</option>
                <option value="jackpot">{t('content.jackpotCounter')}</option>
              </Select>
              <Field label={t('content.image')} maxLength={300} {...bind('imageUrl')} />
              <Field label={t('content.link')} maxLength={500} {...bind('linkUrl')} />
              {/* No amount to type: a jackpot banner shows the real pool (content/jackpot-banner.ts). */}
              <Field label={t('content.order')} type="number" {...bind('sortOrder')} />
            </div>
          )}
          <div className={styles.twoCols}>
            <Field label={t('content.showFrom')} type="datetime-local" {...bind('startsAt')} />
            <Field label={t('content.showUntil')} type="datetime-local" {...bind('endsAt')} />
          </div>
          <Field label={t('content.sites')} maxLength={500} {...bind('domain')} />
          <Check
            label={t('content.published')}
            checked={form.published}
            onChecked={(checked) => setForm({ ...form, published: checked })}
          />
          <Outcome error={save.error} />
          <div className={ui.row}>
            <Button type="submit" disabled={save.isPending}>
              {item ? t('content.saveChanges') : t('content.publishNew', { noun })}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
        {hasHtml && (
          <PopupPreview
            title={textOf('title') || form.title}
            titleColor={kind === 'popup' ? form.titleColor : undefined}
            contents={textOf('contents') || form.contents}
          />
        )}
      </form>
    </Panel>
  );
}
