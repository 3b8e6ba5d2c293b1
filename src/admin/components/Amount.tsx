import { formatNumber } from '../../shared/format.ts';

/** Every amount in the back office: whole minor units with thousands separators, negatives marked. */
export function Amount({ value }: { value: unknown }) {
  const text = formatNumber(value, 'en');
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
}
