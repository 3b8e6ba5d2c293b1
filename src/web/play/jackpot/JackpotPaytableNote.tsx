import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';
import { bpsAsPercent, HOUSE_STAKE_PER_HIT } from '../../../shared/games/jackpot.ts';
import { useJackpotPool } from '../../features/jackpot/jackpotPool.ts';
import styles from './jackpot.module.css';
import { playsForJackpot, type WindowPlay } from './playsForJackpot.ts';

/**
 * The paytable's jackpot rules: its share of each stake, its reseed and the chance at this stake; only
 * for play that feeds and can win the pool (playsForJackpot).
 */
export function JackpotPaytableNote(props: { stake: number } & WindowPlay) {
  return (
    <Suspense fallback={null}>
      <Note {...props} />
    </Suspense>
  );
}

function Note({ stake, ...play }: { stake: number } & WindowPlay) {
  // The game window's own i18n (play/i18n.ts) loads this namespace; nothing shows before it has.
  const { t, i18n, ready } = useTranslation('jackpot', { useSuspense: false });
  const pool = useJackpotPool();
  if (!pool || !ready || stake <= 0 || !playsForJackpot(pool, play)) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const odds = Math.max(1, Math.round(HOUSE_STAKE_PER_HIT / stake));
  return (
    <section className={styles.note} data-testid="jackpot-rules">
      <h3>{t('meterLabel')}</h3>
      <p>{t('share', { percent: bpsAsPercent(pool.contributionBps) })}</p>
      <p>{t('reseed', { amount: formatNumber(pool.reseed, locale) })}</p>
      <p>{t('chance', { odds: formatNumber(odds, locale) })}</p>
    </section>
  );
}
