import { useTranslation } from 'react-i18next';
import styles from '../features/cashier/cashier.module.css';
import { ActiveBonus } from '../features/promotions/ActiveBonus.tsx';
import { BonusHistory } from '../features/promotions/BonusHistory.tsx';
import { CodeClaim } from '../features/promotions/CodeClaim.tsx';
import { OfferCard } from '../features/promotions/OfferCard.tsx';
import promo from '../features/promotions/promotions.module.css';
import { useMyBonuses, useOffers } from '../features/promotions/queries.ts';
import { VipProgress } from '../features/promotions/VipProgress.tsx';

/** The running bonus with its progress, the member's VIP progress, the offers, a code box, and the history. */
export function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const offers = useOffers();
  const mine = useMyBonuses(true);
  const active = mine.data?.active;
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('title')}</h1>
        {active ? (
          <ActiveBonus active={active} />
        ) : (
          mine.data && <p className={styles.muted}>{t('noActive')}</p>
        )}
      </section>
      <VipProgress />
      <section className={styles.card} aria-labelledby="offers-title">
        <h2 id="offers-title" className={styles.subhead}>
          {t('offersTitle')}
        </h2>
        {offers.data && offers.data.length === 0 && <p className={styles.muted}>{t('noOffers')}</p>}
        <div className={promo.offers}>
          {(offers.data ?? []).map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </div>
        <h2 className={styles.subhead}>{t('codeTitle')}</h2>
        <CodeClaim />
      </section>
      {mine.data && <BonusHistory history={mine.data.history} />}
    </div>
  );
}
