import type { i18n as I18n } from 'i18next';
import { AdminFailure } from './client.ts';

/** What the mapping reads of the back office's i18next: its texts and the operator's language. */
export type RefusalTexts = Pick<I18n, 't' | 'exists' | 'language'>;

/** The system deciders of a cash request (server: cashier/deciders.ts), as an operator reads them. */
const DECIDERS: Record<string, string> = { 'member:self': 'member', 'system:expiry': 'expiry' };

/** A cash request's stored outcome (the product's status words) in the refusal's words. */
const DECIDED: Record<string, string> = { already: 'approved', cansel: 'rejected' };

/**
 * The one home of how a refusal from /api/admin reads, in the operator's language (admin.json
 * `refusal`). The server's `message` is plain English for the logs and the English back office; in
 * any other language the operator reads, from most to least precise:
 * 1. `refusal.<msg>`: a message key that says all the English reason does (a wrong password);
 * 2. a cash request another desk (or the member, or an expiry) decided first, and by whom;
 * 3. in English, the server's own reason (it names what was wrong);
 * 4. `refusal.status.<status>`: what the status word means (not found, already done, refused input);
 * 5. `refusal.unknown`: an unknown refusal, with its HTTP code, never the English reason.
 * A failure the back office made itself (offline, or a check before sending) is already in the language.
 */
export function refusalText(error: unknown, texts: RefusalTexts): string {
  const { t } = texts;
  if (!(error instanceof AdminFailure) || error.httpStatus === 0) {
    return error instanceof Error && error.message ? error.message : t('common.failed');
  }
  const { body } = error;
  const msgKey = typeof body.msg === 'string' ? `refusal.${body.msg}` : undefined;
  if (msgKey && texts.exists(msgKey)) {
    const seconds = Number(body.retryAfter);
    const wait = Number.isFinite(seconds) ? seconds : 60;
    return t(msgKey, {
      minutes: Math.max(1, Math.ceil(wait / 60)),
      hours: Math.max(1, Math.ceil(wait / 3600)),
    });
  }
  const decided = decidedFirst(error, texts);
  if (decided) return decided;
  if (texts.language === 'en' && error.message) return asSentence(error.message);
  const statusKey = `refusal.status.${error.status}`;
  if (texts.exists(statusKey)) return t(statusKey);
  return t('refusal.unknown', { code: error.httpStatus });
}

/** A decision on a cash request someone decided first: the server names the outcome and who (`current`). */
function decidedFirst(error: AdminFailure, { t }: RefusalTexts): string | undefined {
  const current = error.body.current as { status?: unknown; decidedBy?: unknown } | undefined;
  if (error.status !== 'already' || typeof current?.status !== 'string') return undefined;
  const outcome = DECIDED[current.status];
  if (!outcome) return undefined;
  const by = typeof current.decidedBy === 'string' ? current.decidedBy : '';
  if (!by) return t(`refusal.decided.${outcome}`);
  const system = DECIDERS[by];
  return t(`refusal.decided.${outcome}By`, { by: system ? t(`refusal.decider.${system}`) : by });
}

/** A server reason as a sentence: its first letter capitalised. */
const asSentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
