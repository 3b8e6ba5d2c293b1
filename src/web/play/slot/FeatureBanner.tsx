import { money, usePlayT } from '../i18n.ts';
import styles from './slot.module.css';
import type { Banner } from './useReelsShow.ts';

/** The feature's announcement over the reels (free spins, their progress, an expanding wild, a multiplier). */
export function FeatureBanner({ banner }: { banner: Banner }) {
  const t = usePlayT();
  switch (banner.kind) {
    case 'freeSpins':
      return (
        <div className={`${styles.banner} ${styles.bannerBig}`} data-testid="feature-banner">
          <strong>{t('slot.freeSpins', { count: banner.count })}</strong>
          <span>{t('slot.freeSpinsMultiplier', { value: banner.multiplier })}</span>
        </div>
      );
    case 'freeSpin':
      return (
        <div className={`${styles.banner} ${styles.bannerTop}`} data-testid="feature-banner">
          <span>{t('slot.freeSpinOf', { n: banner.n, total: banner.total })}</span>
          <strong>{t('slot.freeSpinsWon', { amount: money(banner.won) })}</strong>
        </div>
      );
    case 'expandingWild':
      return (
        <div className={`${styles.banner} ${styles.bannerTop}`} data-testid="feature-banner">
          <strong>{t('slot.expandingWild')}</strong>
        </div>
      );
    case 'multiplier':
      return (
        <div
          className={`${styles.banner} ${styles.bannerTop} ${styles.bannerPop}`}
          data-testid="feature-banner"
        >
          <strong>{t('slot.luckyMultiplier', { value: banner.value })}</strong>
        </div>
      );
  }
}
