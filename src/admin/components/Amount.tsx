import { formatNumber } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';

/**
 * Every amount in the back office: minor units with thousands separators, negatives marked. With the
 * member's `currency` (a request, a member page), through the site's one money formatter: the
 * currency's decimals and symbol (฿1,250.50, ₩30,000).
 */
export function Amount({ value, currency }: { value: unknown; currency?: string | undefined }) {
  const text = currency ? formatMoney(value, currency, 'en') : formatNumber(value, 'en');
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }} data-currency={currency}>
      {text}
    </span>
  );
}
