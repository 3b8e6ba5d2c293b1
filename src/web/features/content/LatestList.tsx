import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { useSiteZone } from '../site/site.ts';
import styles from './content.module.css';

interface Item {
  id: number;
  title: string;
  lastDate: string;
  /** With contents (the notices), each title opens its text in place, for guests and members alike. */
  contents?: string;
}

/** A home-page box: the latest few titles with their dates (YYYY-MM-DD, or a dash). */
export function LatestList(props: { title: string; items: Item[]; empty: string }) {
  // Days in the site's zone, which the server knows too: its render shows them, and nothing moves after.
  const zone = useSiteZone();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className={styles.latest}>
      <h2>{props.title}</h2>
      {props.items.length === 0 ? (
        <p className={styles.empty}>{props.empty}</p>
      ) : (
        <ul>
          {props.items.map((item) => {
            const line = (
              <>
                <span className={styles.itemTitle} translate="no">
                  {item.title}
                </span>
                <time dateTime={item.lastDate}>{formatDate(item.lastDate, zone)}</time>
              </>
            );
            return (
              <li key={item.id}>
                {item.contents === undefined ? (
                  <div className={styles.itemLine}>{line}</div>
                ) : (
                  <button
                    type="button"
                    className={styles.itemLine}
                    aria-expanded={open === item.id}
                    onClick={() => setOpen(open === item.id ? null : item.id)}
                  >
                    {line}
                  </button>
                )}
                {open === item.id && item.contents !== undefined && (
                  // The operator's notice, as text (its HTML is for the popups).
                  <p className={styles.itemBody} translate="no">
                    {item.contents
                      .replace(/<[^>]*>/g, ' ')
                      .replace(/\s+/g, ' ')
                      .trim()}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
