import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format.ts';
import { Button } from '../../ui/Button.tsx';
import { callRoute } from '../api/client.ts';
import { newsText } from '../features/news/newsText.ts';
import { useCurrency, useSiteZone } from '../features/site/site.ts';
import styles from '../features/support/support.module.css';

/** Messages from the operator: open one to read it; read all, delete one or all. */
export function NotePage() {
  const { t, i18n } = useTranslation(['inbox', 'common']);
  const currency = useCurrency();
  const zone = useSiteZone();
  // A system note (a deposit credited, a refusal) reads in the member's language; an operator's as written.
  const textOf = (
    n: { msgKey: string | null; msgParams: Record<string, string | number> | null },
    own: string,
  ) => (n.msgKey ? newsText(t, i18n.language, n.msgKey, n.msgParams ?? {}, currency) : own);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['notes', i18next.language],
    queryFn: () => callRoute('get-note-list', { page: 1, pageSize: 50 }),
  });
  const [open, setOpen] = useState<number | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['notes'] });
    await queryClient.invalidateQueries({ queryKey: ['session'] });
  };
  const act = async (call: () => Promise<unknown>) => {
    await call();
    await refresh();
  };
  const notes = list.data?.notes ?? [];

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <div className={styles.listHeader}>
          <h1>{t('title')}</h1>
          {notes.length > 0 && (
            <span>
              <Button variant="ghost" onClick={() => act(() => callRoute('read-all-note', {}))}>
                {t('readAll')}
              </Button>{' '}
              <Button variant="ghost" onClick={() => act(() => callRoute('del-all-note', {}))}>
                {t('deleteAll')}
              </Button>
            </span>
          )}
        </div>
        {notes.length === 0 && <p className={styles.muted}>{t('empty')}</p>}
        <ul className={styles.list}>
          {notes.map((n) => (
            <li key={n.id} className={n.read ? '' : styles.unread}>
              <button
                type="button"
                className={styles.row}
                aria-expanded={open === n.id}
                onClick={() => {
                  setOpen(open === n.id ? null : n.id);
                  if (!n.read) void act(() => callRoute('read-note-message', { id: n.id }));
                }}
              >
                <span className={styles.rowTitle} translate={n.msgKey ? undefined : 'no'}>
                  {textOf(n, n.title)}
                </span>
                <time>{formatDate(n.lastDate, zone)}</time>
              </button>
              {open === n.id && (
                <div className={styles.body}>
                  <p translate={n.msgKey ? undefined : 'no'}>{textOf(n, n.contents)}</p>
                  <Button variant="ghost" onClick={() => act(() => callRoute('del-note', { id: n.id }))}>
                    {t('delete')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
