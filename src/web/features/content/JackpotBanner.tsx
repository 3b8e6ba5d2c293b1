import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';
import styles from './content.module.css';
import { useJackpot } from './queries.ts';

const COUNT_UP_MS = 2_500;

/**
 * The jackpot banner with its odometer: the counter starts once the page is interactive and
 * rolls up to the operator's amount, then ticks on slowly as the pot grows.
 */
export function JackpotBanner() {
  const { t, i18n } = useTranslation('home');
  const jackpot = useJackpot();
  const target = jackpot.data?.amount ?? 0;
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (!target) return;
    let frame = 0;
    let ticker = 0;
    const start = () => {
      const began = performance.now();
      const step = (now: number) => {
        const p = Math.min(1, (now - began) / COUNT_UP_MS);
        setShown(Math.floor(target * (1 - (1 - p) ** 3)));
        if (p < 1) frame = requestAnimationFrame(step);
        else
          ticker = window.setInterval(() => setShown((v) => v + 1 + Math.floor(Math.random() * 90)), 1_200);
      };
      frame = requestAnimationFrame(step);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(ticker);
      window.removeEventListener('load', start);
    };
  }, [target]);

  if (!jackpot.data) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <section className={styles.jackpot} aria-label={t('jackpot')}>
      <p className={styles.jackpotLabel}>{jackpot.data.title || t('jackpot')}</p>
      <p className={styles.odometer} data-testid="jackpot">
        {formatNumber(shown, locale)}
      </p>
      {jackpot.data.text && <p className={styles.jackpotText}>{jackpot.data.text}</p>}
    </section>
  );
}
