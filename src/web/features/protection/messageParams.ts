import i18next from 'i18next';
import { formatDateTime, formatNumber, isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ApiFailure } from '../../api/client.ts';
import { siteZone } from '../site/site-zone.ts';

/**
 * What a refusal's message needs besides its key: a break or self-exclusion says until when
 * (`until`), a limit its amount, what counts against it and when it resets (`amount`, `used`,
 * `resetsAt`; minutes for the session time limit), a raise when it may be confirmed (`from`), a
 * withdrawal or vault move refused while the member owes a debt what they owe (`owed`), a cash amount
 * refused the site's `minimum` and `step`, a withdrawal over the member's verification level the level
 * it needs (`requiredLevel`). Amounts are shown in `currency` (the member's) when given.
 */
export function messageParams(error: unknown, currency?: string): Record<string, string> {
  if (!(error instanceof ApiFailure)) return {};
  return limitParams(error.body, currency);
}

/** The same, from any reply body (a refusal, or a success such as a pending raise's `from`). */
export function limitParams(body: Record<string, unknown>, currency?: string): Record<string, string> {
  const locale = isLocale(i18next.language) ? i18next.language : undefined;
  const out: Record<string, string> = {};
  for (const key of ['until', 'resetsAt', 'from'] as const) {
    if (typeof body[key] === 'string') out[key] = formatDateTime(body[key], siteZone());
  }
  const moneyIn = typeof body.currency === 'string' ? body.currency : currency;
  for (const key of ['amount', 'used', 'owed', 'minimum', 'step'] as const) {
    const value = body[key];
    if (typeof value !== 'number') continue;
    if (body.limit === 'session') out[key] = String(value);
    else out[key] = moneyIn ? formatMoney(value, moneyIn, locale) : formatNumber(value, locale);
  }
  for (const key of ['requiredLevel', 'verifiedLevel'] as const) {
    if (typeof body[key] === 'number') out[key] = String(body[key]);
  }
  return out;
}

/** A cash amount refused before sending: the site's minimum and step, as the server would name them. */
export const cashRuleParams = (rules: { minimum: number; step: number }, currency: string | undefined) =>
  limitParams({ minimum: rules.minimum, step: rules.step }, currency);
