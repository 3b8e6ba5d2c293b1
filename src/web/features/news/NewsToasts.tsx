import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberNewsItem } from '../../../shared/contract/routes.ts';
import { siteChromeBottom } from '../layout/siteChrome.ts';
import { useSession } from '../session/queries.ts';
import { useCurrency } from '../site/site.ts';
import styles from './news.module.css';
import { newsText } from './newsText.ts';

const SHOW_MS = 8_000;

/**
 * A short message on screen when the member's money changes (a deposit credited, a withdrawal paid or
 * refused, a bet settled, a correction), as the live stream brings it. What was told before this page
 * opened is not repeated: the first state read is the baseline. Below the header, never over it.
 */
export function NewsToasts() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const currency = useCurrency();
  const queryClient = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  const [shown, setShown] = useState<MemberNewsItem[]>([]);
  const news = session.data?.news ?? null;
  const loggedIn = Boolean(session.data);

  useEffect(() => {
    if (!loggedIn) {
      seen.current = undefined;
      return;
    }
    const id = news?.id ?? 0;
    if (seen.current === undefined || !news || id <= seen.current) {
      seen.current = Math.max(seen.current ?? 0, id);
      return;
    }
    seen.current = id;
    // What the news is about shows fresh too: the request lists and the notes.
    void queryClient.invalidateQueries({ queryKey: ['cash-requests'] });
    void queryClient.invalidateQueries({ queryKey: ['notes'] });
    setShown((list) => [...list.slice(-2), news]);
    const timer = setTimeout(() => setShown((list) => list.filter((n) => n.id !== id)), SHOW_MS);
    return () => clearTimeout(timer);
  }, [loggedIn, news, queryClient]);

  if (shown.length === 0) return null;
  return (
    <div className={styles.stack} style={{ top: siteChromeBottom() + 8 }} role="status" aria-live="polite">
      {shown.map((item) => (
        <div key={item.id} className={styles.toast} data-testid="news-toast">
          <p>{newsText(t, i18n.language, item.key, item.params, currency)}</p>
          <button
            type="button"
            className={styles.close}
            aria-label={t('dismiss')}
            onClick={() => setShown((list) => list.filter((n) => n.id !== item.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
