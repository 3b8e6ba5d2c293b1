import { useSyncExternalStore } from 'react';
import { usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import { isMuted, setMuted, subscribeSound } from './sounds.ts';

/** The speaker button: muted by default; its label says what a press does. */
export function MuteToggle() {
  const t = usePlayT();
  const muted = useSyncExternalStore(subscribeSound, isMuted);
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={!muted}
      aria-label={muted ? t('slot.soundOn') : t('slot.soundOff')}
      title={muted ? t('slot.soundOn') : t('slot.soundOff')}
      data-testid="mute-toggle"
      onClick={() => setMuted(!muted)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  );
}
