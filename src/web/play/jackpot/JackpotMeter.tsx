import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/format.ts';
import { JackpotFigure } from '../../features/jackpot/JackpotFigure.tsx';
import { useJackpotPool } from '../../features/jackpot/jackpotPool.ts';
import styles from './jackpot.module.css';
import { playsForJackpot, type WindowPlay } from './playsForJackpot.ts';

/**
 * The live progressive jackpot in a game window: the same pool and the same poll as the site's home
 * banner (features/jackpot), in the site's language (the game window's i18n, play/i18n.ts). Self-contained: a game embeds it in one line.
 * Shown only to play that feeds and can win the pool (playsForJackpot): not in demo, not to a site in
 * another currency.
 */
export function JackpotMeter(play: WindowPlay) {
  return (
    <Suspense fallback={null}>
      <Meter {...play} />
    </Suspense>
  );
}

function Meter(play: WindowPlay) {
  // The game window's own i18n (play/i18n.ts) loads this namespace; nothing shows before it has.
  const { t, i18n, ready } = useTranslation('jackpot', { useSuspense: false });
  const pool = useJackpotPool();
  if (!pool || !ready || !playsForJackpot(pool, play)) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <div className={styles.meter}>
      <span className={styles.label}>{t('meterLabel')}</span>
      <JackpotFigure
        amount={pool.amount}
        currency={pool.currency}
        locale={locale}
        className={styles.amount}
        testId="jackpot-meter"
      />
    </div>
  );
}
