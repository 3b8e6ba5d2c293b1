import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { useSiteZone } from '../features/site/site.ts';
import { useHelpList, useHelpMutation } from '../features/support/queries.ts';
import styles from '../features/support/support.module.css';

/** Member-only (App.tsx guards it with RequireMember). */
export function HelpPage() {
  const { t } = useTranslation(['support', 'common']);
  const dialog = useDialog();
  const list = useHelpList();
  const zone = useSiteZone();
  const [title, setTitle] = useState('');
  const [contents, setContents] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const write = useHelpMutation((body: { title: string; contents: string }) =>
    callRoute('user-write-help', body),
  );
  const read = useHelpMutation((id: number) => callRoute('read-help-message', { id }));
  const deleteAll = useHelpMutation(() => callRoute('del-all-help', {}));
  const msg = (key: string) => t(`common:msg.${key}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return dialog.alert(msg('msg2024'), 'warning');
    if (!contents.trim()) return dialog.alert(msg('msg2025'), 'warning');
    if (!(await dialog.confirm(msg('msg2222')))) return;
    try {
      await write.mutateAsync({ title: title.trim(), contents: contents.trim() });
      setTitle('');
      setContents('');
      await dialog.alert(msg('msg2026'), 'success');
    } catch (error) {
      await dialog.alert(msg(error instanceof ApiFailure ? error.msg : 'msg2027'), 'error');
    }
  }

  async function removeAll() {
    if (!(await dialog.confirm(msg('msg2221')))) return;
    try {
      await deleteAll.mutateAsync(undefined);
      await dialog.alert(msg('msg2053'), 'success');
    } catch {
      await dialog.alert(msg('msg2054'), 'error');
    }
  }

  function toggle(id: number, unread: boolean) {
    setOpen((current) => (current === id ? null : id));
    if (unread) read.mutate(id);
  }

  const helps = list.data?.helps ?? [];
  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1>{t('title')}</h1>
        <label className={styles.field}>
          {t('subject')}
          <input value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className={styles.field}>
          {t('message')}
          <textarea
            value={contents}
            maxLength={5000}
            rows={5}
            onChange={(e) => setContents(e.target.value)}
          />
        </label>
        <Button type="submit" disabled={write.isPending}>
          {t('send')}
        </Button>
      </form>
      <section className={styles.card}>
        <div className={styles.listHeader}>
          <h2>{t('myRequests')}</h2>
          {helps.length > 0 && (
            <Button variant="ghost" onClick={removeAll}>
              {t('deleteAll')}
            </Button>
          )}
        </div>
        {helps.length === 0 && <p className={styles.muted}>{t('empty')}</p>}
        <ul className={styles.list}>
          {helps.map((h) => (
            <li key={h.id} className={h.read ? '' : styles.unread}>
              <button
                type="button"
                className={styles.row}
                onClick={() => toggle(h.id, !h.read)}
                aria-expanded={open === h.id}
              >
                <span className={`${styles.state} ${h.status === 'already' ? styles.answered : ''}`}>
                  {t(h.status === 'already' ? 'answered' : 'waiting')}
                </span>
                <span className={styles.rowTitle} translate="no">
                  {h.title}
                </span>
                <time>{formatDate(h.lastDate, zone)}</time>
              </button>
              {open === h.id && (
                <div className={styles.body}>
                  <p translate="no">{h.contents}</p>
                  {h.answer && (
                    <p className={styles.answer}>
                      <strong>{t('answer')}</strong> {h.answer}
                    </p>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
