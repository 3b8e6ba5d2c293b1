import { useTranslation } from 'react-i18next';
import { formatBasisPoints, isLocale } from '../../../shared/format.ts';
import { HydrateLater } from '../../components/HydrateLater.tsx';
import { JackpotFigure } from '../jackpot/JackpotFigure.tsx';
import { useJackpotPool } from '../jackpot/jackpotPool.ts';
import { useCurrency } from '../site/site.ts';
import styles from './content.module.css';

/**
 * The jackpot banner: the real progressive pool, the same in every tab, rolling to each new amount as
 * the pool grows (pushed live; see jackpotPool.ts), with its title and its stated share of every slot
 * stake in the member's language.
 */
export function JackpotBanner() {
  const { t, i18n } = useTranslation('home');
  const pool = useJackpotPool();
  const currency = useCurrency();

  // The pool is kept in one currency: a site in another one has no jackpot to offer its members.
  if (!pool || pool.currency !== currency) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const percent = formatBasisPoints(pool.contributionBps, locale);
  // Hydrated in a turn of its own, after the header (HydrateLater needs the one element it renders).
  return (
    <HydrateLater>
      <section className={styles.jackpot} aria-label={t('jackpot')}>
        <p className={styles.jackpotLabel}>{t('jackpotTitle')}</p>
        <p className={styles.odometer}>
          <JackpotFigure amount={pool.amount} currency={pool.currency} locale={locale} testId="jackpot" />
        </p>
        <p className={styles.jackpotText}>{t('jackpotGrows', { percent })}</p>
      </section>
    </HydrateLater>
  );
}
