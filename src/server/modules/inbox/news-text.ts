import { DEFAULT_LOCALE, formatNumber } from '../../../shared/format.ts';
import th from '../../../shared/i18n/locales/th/common.json' with { type: 'json' };

/** What the member is told about their money (common.json's `news`, in all five languages). */
export type NewsKey = keyof typeof th.news;

/** A news line in the site's default language, figures filled in (amounts with the shared formatter). */
export function newsText(key: NewsKey, params: Record<string, string | number>): string {
  return th.news[key].replace(/\{\{(\w+)\}\}/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    return name === 'amount' ? formatNumber(value, DEFAULT_LOCALE) : String(value);
  });
}
