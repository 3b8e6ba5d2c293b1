import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/queries.ts';
import { useSite } from '../site/site.ts';
import styles from './mobile.module.css';

interface MessengerLink {
  url: string;
  label: string;
}

/** The operator's messenger contacts, for members only (SPEC §1, §6). */
function useMessengerLinks(): MessengerLink[] | null {
  const session = useSession();
  const site = useSite();
  if (!session.data) return null;
  return site.data?.site.messengerLinks ?? [];
}

/** Each contact opens the messenger's page in a full-screen popup. */
function openMessenger(link: MessengerLink, i: number) {
  window.open(
    link.url,
    `messenger-${i}`,
    `left=0,top=0,width=${screen.availWidth},height=${screen.availHeight}`,
  );
}

function MessengerIcon({ index }: { index: number }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="24" fill={index === 0 ? '#2aa3e0' : '#f9e000'} />
      <path
        d="M12 16h24a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H22l-7 6v-6h-3a3 3 0 0 1-3-3V19a3 3 0 0 1 3-3z"
        fill={index === 0 ? '#fff' : '#3c1e1e'}
      />
    </svg>
  );
}

/**
 * On wide screens: the two contacts float at the bottom right. Phones have them in the tab bar.
 * Always one element (empty for a guest, and then no box at all), so the frame can hydrate it later.
 */
export function MessengerButtons() {
  const links = useMessengerLinks();
  return (
    <div className={styles.messengers}>
      {links?.map((link, i) => (
        <button
          key={link.url}
          type="button"
          className={styles.messenger}
          aria-label={link.label}
          title={link.label}
          onClick={() => openMessenger(link, i)}
        >
          <MessengerIcon index={i} />
        </button>
      ))}
    </div>
  );
}

/**
 * On phones: one "contact us" button docked at the end of the tab bar, over no page content; a tap
 * opens the contacts just above it.
 */
export function MessengerDock() {
  const { t } = useTranslation();
  const links = useMessengerLinks();
  const [open, setOpen] = useState(false);
  if (!links || links.length === 0) return null;
  return (
    <div className={styles.dock}>
      <button
        type="button"
        className={styles.dockButton}
        aria-label={t('contactUs')}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <MessengerIcon index={0} />
      </button>
      {open && (
        <ul className={styles.dockMenu}>
          {links.map((link, i) => (
            <li key={link.url}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  openMessenger(link, i);
                }}
              >
                <MessengerIcon index={i} />
                <span translate="no">{link.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
