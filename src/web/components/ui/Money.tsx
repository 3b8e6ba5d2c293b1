import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';

/** Every amount on the site renders through here: locale separators, non-numbers as 0. */
export function Money({ value, className }: { value: unknown; className?: string }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return <span className={className}>{formatNumber(value, locale)}</span>;
}
