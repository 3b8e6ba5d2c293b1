import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/format.ts';
import { JackpotFigure } from '../jackpot/JackpotFigure.tsx';
import { useJackpotPool } from '../jackpot/jackpotPool.ts';
import styles from './content.module.css';
import { useJackpot } from './queries.ts';

/**
 * The jackpot banner: the operator's title and text around the real progressive pool, the same in
 * every tab, rolling to each new amount as the pool grows (polled; see jackpotPool.ts).
 */
export function JackpotBanner() {
  const { t, i18n } = useTranslation('home');
  const banner = useJackpot();
  const pool = useJackpotPool();

  if (!pool) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <section className={styles.jackpot} aria-label={t('jackpot')}>
      <p className={styles.jackpotLabel}>{banner.data?.title || t('jackpot')}</p>
      <p className={styles.odometer}>
        <JackpotFigure amount={pool.amount} locale={locale} testId="jackpot" />
      </p>
      {banner.data?.text && <p className={styles.jackpotText}>{banner.data.text}</p>}
    </section>
  );
}
