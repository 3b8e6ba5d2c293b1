import type { TFunction } from 'i18next';
import { isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';

/**
 * A money news line or system note (common `news.*`) in the page's language: amounts (minor units of
 * the member's currency) through the shared money formatter, the operator's reason as written.
 */
export function newsText(
  t: TFunction,
  language: string,
  key: string,
  params: Record<string, string | number>,
  /** Undefined until the session has loaded: the amount shows as a dash, never in the wrong unit. */
  currency: string | undefined,
) {
  const locale = isLocale(language) ? language : 'th';
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name !== 'amount') filled[name] = String(value);
    else filled[name] = currency ? formatMoney(value, currency, locale) : '–';
  }
  return t(`common:news.${key}`, filled);
}
