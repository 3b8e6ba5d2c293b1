import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format.ts';
import { callRoute } from '../api/client.ts';
import { useSiteZone } from '../features/site/site.ts';
import styles from '../features/support/support.module.css';

/** The site's notices, newest first; the operator writes them, so they are shown as text. */
export function NoticePage() {
  const { t } = useTranslation(['inbox', 'common']);
  const zone = useSiteZone();
  const list = useQuery({
    queryKey: ['notices', 'page', i18next.language],
    queryFn: () => callRoute('get-user-notices', { page: 1, pageSize: 50 }),
  });
  const [open, setOpen] = useState<number | null>(null);
  const notices = list.data?.notices ?? [];
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('notices')}</h1>
        {notices.length === 0 && <p className={styles.muted}>{t('noNotices')}</p>}
        <ul className={styles.list}>
          {notices.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={styles.row}
                aria-expanded={open === n.id}
                onClick={() => setOpen(open === n.id ? null : n.id)}
              >
                <span className={styles.rowTitle} translate="no">
                  {n.title}
                </span>
                <time>{formatDate(n.lastDate, zone)}</time>
              </button>
              {open === n.id && (
                <div className={styles.body}>
                  <p translate="no">{n.contents.replace(/<[^>]*>/g, '')}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
