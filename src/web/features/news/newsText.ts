import type { TFunction } from 'i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';

/**
 * A money news line or system note (common `news.*`) in the page's language: amounts through the
 * shared money formatter, the operator's reason as written.
 */
export function newsText(
  t: TFunction,
  language: string,
  key: string,
  params: Record<string, string | number>,
) {
  const locale = isLocale(language) ? language : 'th';
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    filled[name] = name === 'amount' ? formatNumber(value, locale) : String(value);
  }
  return t(`common:news.${key}`, filled);
}
