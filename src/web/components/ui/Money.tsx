import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { useCurrency } from '../../features/site/site.ts';

/**
 * Every amount on the site renders through here: minor units in the member's (or the site's) currency,
 * with its decimals, symbol and the locale's separators (formatMoney); non-numbers as 0. An amount not
 * loaded yet (undefined), or whose currency is not known yet, shows as a dash: a 0 there reads as an
 * empty balance. `currency` names another currency (the jackpot pool's).
 */
export function Money({
  value,
  className,
  currency,
}: {
  value: unknown;
  className?: string;
  currency?: string;
}) {
  const { i18n } = useTranslation();
  const ours = useCurrency();
  const shown = currency ?? ours;
  if (value === undefined || shown === undefined) {
    return (
      <span className={className} aria-busy="true">
        –
      </span>
    );
  }
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <span className={className} data-currency={shown}>
      {formatMoney(value, shown, locale)}
    </span>
  );
}
