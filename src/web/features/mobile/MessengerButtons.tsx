import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';
import { useSession } from '../session/queries.ts';
import styles from './mobile.module.css';

/** The operator's two messenger contacts, floating, for members only; each opens full screen. */
export function MessengerButtons() {
  const session = useSession();
  const site = useQuery({
    queryKey: ['site'],
    queryFn: () => callRoute('get-reg-domain', {}),
    enabled: Boolean(session.data),
  });
  if (!session.data) return null;
  const links = site.data?.site.messengerLinks ?? [];
  return (
    <div className={styles.messengers}>
      {links.map((link, i) => (
        <button
          key={link.url}
          type="button"
          className={styles.messenger}
          aria-label={link.label}
          title={link.label}
          onClick={() =>
            window.open(
              link.url,
              `messenger-${i}`,
              `left=0,top=0,width=${screen.availWidth},height=${screen.availHeight}`,
            )
          }
        >
          <svg viewBox="0 0 48 48" aria-hidden="true">
            <circle cx="24" cy="24" r="24" fill={i === 0 ? '#2aa3e0' : '#f9e000'} />
            <path
              d="M12 16h24a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H22l-7 6v-6h-3a3 3 0 0 1-3-3V19a3 3 0 0 1 3-3z"
              fill={i === 0 ? '#fff' : '#3c1e1e'}
            />
          </svg>
        </button>
      ))}
    </div>
  );
}
