import i18next from 'i18next';
import { formatDateTime, formatNumber, isLocale } from '../../../shared/format.ts';
import { ApiFailure } from '../../api/client.ts';

/**
 * What a refusal's message needs besides its key: a break or self-exclusion says until when
 * (`until`), a limit its amount, what counts against it and when it resets (`amount`, `used`,
 * `resetsAt`; minutes for the session time limit), a raise when it may be confirmed (`from`), a
 * withdrawal or vault move refused while the member owes a debt what they owe (`owed`), a withdrawal
 * over the member's verification level the level it needs (`requiredLevel`).
 */
export function messageParams(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure)) return {};
  return limitParams(error.body);
}

/** The same, from any reply body (a refusal, or a success such as a pending raise's `from`). */
export function limitParams(body: Record<string, unknown>): Record<string, string> {
  const locale = isLocale(i18next.language) ? i18next.language : undefined;
  const out: Record<string, string> = {};
  for (const key of ['until', 'resetsAt', 'from'] as const) {
    if (typeof body[key] === 'string') out[key] = formatDateTime(body[key]);
  }
  for (const key of ['amount', 'used', 'owed'] as const) {
    if (typeof body[key] === 'number') {
      out[key] = body.limit === 'session' ? String(body[key]) : formatNumber(body[key], locale);
    }
  }
  for (const key of ['requiredLevel', 'verifiedLevel'] as const) {
    if (typeof body[key] === 'number') out[key] = String(body[key]);
  }
  return out;
}
