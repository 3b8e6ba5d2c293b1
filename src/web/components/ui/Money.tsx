import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';

/**
 * Every amount on the site renders through here: locale separators, non-numbers as 0. An amount
 * not loaded yet (undefined) shows as a dash: a 0 there reads as an empty balance.
 */
export function Money({ value, className }: { value: unknown; className?: string }) {
  const { i18n } = useTranslation();
  if (value === undefined) {
    return (
      <span className={className} aria-busy="true">
        –
      </span>
    );
  }
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return <span className={className}>{formatNumber(value, locale)}</span>;
}
