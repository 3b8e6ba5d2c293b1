import { useEffect, useRef, useState } from 'react';
import { money, usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import { setPaused } from './pauseGate.ts';
import { answerReality, fetchReality, logout, nextCheckAt, type RealityState } from './realityApi.ts';

/**
 * The reality check in the game window: at the interval the member chose (60 minutes unless they
 * chose), counted from the start of their login session, the game pauses with the time played this
 * session and its net result, and the choice to continue, see the history, or log out (recorded).
 */
export function RealityCheck({ where }: { where: string }) {
  const t = usePlayT();
  const [shown, setShown] = useState<{ state: RealityState; minutes: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const skew = useRef(0);
  const scheduleRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    let cancelled = false;
    async function schedule() {
      const state = await fetchReality();
      if (!state || cancelled) return;
      skew.current = new Date(state.now).getTime() - Date.now();
      window.clearTimeout(timer.current);
      const due = nextCheckAt(state);
      // When the next check is due, on the page's clock (tests wait for it before moving the clock).
      document.documentElement.dataset.realityDue = new Date(due).toISOString();
      timer.current = window.setTimeout(() => void show(), due - Date.now());
    }
    async function show() {
      const state = await fetchReality();
      if (!state || cancelled) return;
      // Time played on the clock the check was scheduled by (the server's, as seen from here).
      const started = new Date(state.sessionStartedAt).getTime();
      const minutes = Math.floor((Date.now() + skew.current - started) / 60_000);
      setPaused(true);
      setShown({ state, minutes });
    }
    scheduleRef.current = schedule;
    void schedule();
    return () => {
      cancelled = true;
      window.clearTimeout(timer.current);
    };
  }, []);

  if (!shown) return null;
  async function choose(choice: 'continue' | 'history' | 'logout') {
    await answerReality(choice, where);
    if (choice === 'continue') {
      setShown(null);
      setPaused(false);
      void scheduleRef.current();
      return;
    }
    if (choice === 'logout') await logout();
    window.location.href = choice === 'history' ? '/user' : '/';
  }
  const { net } = shown.state;
  return (
    <div className={styles.realityBackdrop}>
      <div
        className={styles.reality}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-title"
        data-testid="reality-check"
      >
        <h2 id="reality-title">{t('reality.title')}</h2>
        <p>{t('reality.played', { minutes: shown.minutes })}</p>
        <p>
          {t('reality.net')}:{' '}
          <strong data-testid="reality-net" className={net < 0 ? styles.realityLoss : styles.realityGain}>
            {net < 0 ? '−' : net > 0 ? '+' : ''}
            {money(Math.abs(net))}
          </strong>
        </p>
        <div className={styles.realityActions}>
          <button type="button" className={styles.primary} onClick={() => void choose('continue')}>
            {t('reality.continue')}
          </button>
          <button type="button" className={styles.ghost} onClick={() => void choose('history')}>
            {t('reality.history')}
          </button>
          <button type="button" className={styles.ghost} onClick={() => void choose('logout')}>
            {t('reality.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
