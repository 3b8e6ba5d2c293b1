import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';
import { bpsAsPercent, HOUSE_STAKE_PER_HIT } from '../../../shared/games/jackpot.ts';
import { useJackpotPool } from '../../features/jackpot/jackpotPool.ts';
import styles from './jackpot.module.css';

/** The paytable's jackpot rules: its share of each stake, its reseed and the chance at this stake. */
export function JackpotPaytableNote({ stake }: { stake: number }) {
  return (
    <Suspense fallback={null}>
      <Note stake={stake} />
    </Suspense>
  );
}

function Note({ stake }: { stake: number }) {
  // The game window's own i18n (play/i18n.ts) loads this namespace; nothing shows before it has.
  const { t, i18n, ready } = useTranslation('jackpot', { useSuspense: false });
  const pool = useJackpotPool();
  if (!pool || !ready || stake <= 0) return null;
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
