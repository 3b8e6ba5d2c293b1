import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBasisPoints, isLocale } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import { useOffers } from './queries.ts';

/**
 * The deposit campaigns the member can take now, to opt into with this deposit (`promo` of
 * apply-user-deposit and apply-deposit-payment); "no bonus" is always a choice. `initial` comes from an
 * offer's link. `paid`: a card or coin payment, whose bonus comes with the provider's confirmation (a
 * bank transfer's with the cashier's approval).
 */
export function DepositPromoPicker({
  value,
  onChange,
  initial,
  paid,
}: {
  value: number | null;
  onChange(id: number | null): void;
  initial: number | null;
  paid: boolean;
}) {
  const { t, i18n } = useTranslation(['promotions', 'cashier']);
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const offers = (useOffers().data ?? []).filter((o) => o.atDeposit);
  const preset = initial !== null ? offers.find((o) => o.id === initial) : undefined;
  // An offer's "take it with a deposit" link chooses it once, when its offer has loaded.
  const presetDone = useRef(false);
  useEffect(() => {
    if (!preset || presetDone.current) return;
    presetDone.current = true;
    onChange(preset.id);
  }, [preset, onChange]);
  if (offers.length === 0) return null;
  return (
    <div className={cashier.promos} data-testid="deposit-promos">
      <p className={cashier.label}>{t('cashier:promoChoice')}</p>
      <div className={cashier.methods}>
        <button
          type="button"
          className={cashier.method}
          aria-pressed={value === null}
          onClick={() => onChange(null)}
        >
          {t('cashier:promoNone')}
        </button>
        {offers.map((offer) => (
          <button
            key={offer.id}
            type="button"
            className={cashier.method}
            aria-pressed={value === offer.id}
            onClick={() => onChange(offer.id)}
            data-testid={`deposit-promo-${offer.id}`}
          >
            <span translate="no">{offer.name}</span>
            <span className={cashier.methodKind}>
              {t('percent', { value: formatBasisPoints(offer.percentBps, locale) })}
              {offer.cap !== null && (
                <>
                  {' '}
                  {t('cashier:promoUpTo')} <Money value={offer.cap} />
                </>
              )}
              {offer.minDeposit > 0 && (
                <>
                  {' · '}
                  {t('minDeposit')} <Money value={offer.minDeposit} />
                </>
              )}
            </span>
          </button>
        ))}
      </div>
      <p className={cashier.muted}>
        {t(paid ? 'cashier:promoHintPaid' : 'cashier:promoHint')}{' '}
        <Link to="/promotions">{t('cashier:promoTerms')}</Link>
      </p>
    </div>
  );
}
