import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBasisPoints, formatDateTime, isLocale } from '../../../shared/format.ts';
import { HOUSE_GAMES } from '../../../shared/games/house-games.ts';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import { useSiteZone } from '../site/site.ts';
import { FreeSpinsClaim } from './FreeSpinsClaim.tsx';
import styles from './promotions.module.css';
import type { Offer } from './queries.ts';

/** One offer: its numbers as terms rows, then the operator's terms in the member's language. */
export function OfferCard({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('promotions');
  const zone = useSiteZone();
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  // A row's value is a text, or an amount shown through Money.
  const rows: [string, string | { money: number }][] = [];
  const cashback = offer.type === 'cashback';
  // Cashback in cash has no wagering: only a bonus is played through.
  const wagers = !cashback || offer.cashbackPaidAs === 'bonus';
  if (offer.percentBps > 0) {
    rows.push([
      t(cashback ? 'cashbackPercent' : 'bonusPercent'),
      t('percent', { value: formatBasisPoints(offer.percentBps, locale) }),
    ]);
  }
  if (offer.freeSpins) {
    rows.push([t('freeSpinsCount'), String(offer.freeSpins.count)]);
    rows.push([t('freeSpinStake'), { money: offer.freeSpins.stake }]);
    rows.push([t('freeSpinGame'), HOUSE_GAMES[offer.freeSpins.game]?.title ?? offer.freeSpins.game]);
  }
  if (offer.fixedAmount > 0) rows.push([t('bonusFixed'), { money: offer.fixedAmount }]);
  if (offer.percentBps > 0) rows.push([t('cap'), offer.cap === null ? t('noCap') : { money: offer.cap }]);
  if (cashback) {
    rows.push([t('cashbackPeriod'), t('days', { count: offer.cashbackPeriodDays })]);
    rows.push([t('cashbackPaidAs'), t(`paidAs.${offer.cashbackPaidAs}`)]);
  }
  if (offer.minDeposit > 0 && !cashback) rows.push([t('minDeposit'), { money: offer.minDeposit }]);
  if (wagers) {
    rows.push([
      t('wagering'),
      t(offer.wageringBase === 'bonus' ? 'wageringBonus' : 'wageringBonusDeposit', {
        multiple: offer.wageringMultiple,
      }),
    ]);
    if (offer.maxStake !== null) rows.push([t('maxStake'), { money: offer.maxStake }]);
    if (offer.conversionCap !== null) rows.push([t('conversionCap'), { money: offer.conversionCap }]);
    rows.push([t('expiry'), t('days', { count: offer.expiryDays })]);
  }
  rows.push([t('endsAt'), formatDateTime(offer.endsAt, zone)]);
  return (
    <article className={styles.offer} data-testid={`offer-${offer.id}`}>
      <header className={styles.offerHead}>
        <h3 translate="no">{offer.name}</h3>
        <span className={styles.tag}>{t(`type.${offer.type}`)}</span>
      </header>
      <dl className={cashier.terms}>
        {rows.map(([label, value]) => (
          <div key={label} className={cashier.termRow}>
            <dt>{label}</dt>
            <dd>{typeof value === 'string' ? value : <Money value={value.money} />}</dd>
          </div>
        ))}
      </dl>
      {/* The operator's own text, already in the member's language. */}
      {offer.terms && (
        <p className={styles.termsText} translate="no">
          {offer.terms}
        </p>
      )}
      {offer.freeSpins && <FreeSpinsClaim offer={offer} />}
      {offer.atDeposit && (
        <Link to={`/deposit?promo=${offer.id}`} className={styles.cta}>
          {t('takeAtDeposit')}
        </Link>
      )}
    </article>
  );
}
