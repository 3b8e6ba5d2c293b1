import { formatDate } from '../../../shared/format.ts';
import { useHydrated } from '../../components/useHydrated.ts';
import styles from './content.module.css';

/** A home-page box: the latest few titles with their dates (YYYY-MM-DD, or a dash). */
export function LatestList(props: {
  title: string;
  items: { id: number; title: string; lastDate: string }[];
  empty: string;
}) {
  // Dates are days in the viewer's zone: the server's render of the home page leaves them to the browser.
  const hydrated = useHydrated();
  return (
    <section className={styles.latest}>
      <h2>{props.title}</h2>
      {props.items.length === 0 ? (
        <p className={styles.empty}>{props.empty}</p>
      ) : (
        <ul>
          {props.items.map((item) => (
            <li key={item.id}>
              <span className={styles.itemTitle} translate="no">
                {item.title}
              </span>
              <time dateTime={item.lastDate}>{hydrated ? formatDate(item.lastDate) : ''}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
