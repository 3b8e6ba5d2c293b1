import { DEFAULT_LOCALE, type Locale } from '../../../shared/format.ts';
import en from '../../../shared/i18n/locales/en/user.json' with { type: 'json' };
import jp from '../../../shared/i18n/locales/jp/user.json' with { type: 'json' };
import ko from '../../../shared/i18n/locales/ko/user.json' with { type: 'json' };
import th from '../../../shared/i18n/locales/th/user.json' with { type: 'json' };
import vn from '../../../shared/i18n/locales/vn/user.json' with { type: 'json' };
import type { KycDocumentKind } from '../../../shared/vocabulary.ts';

const TEXTS: Record<Locale, typeof en.kyc> = { th: th.kyc, en: en.kyc, ko: ko.kyc, jp: jp.kyc, vn: vn.kyc };

/**
 * The note a member gets when an operator decides on a document or asks for one. A note is stored
 * once and has no language, so it is written in the site's default language (Thai), from the same
 * texts as My page's verification panel, where the member reads the state in their own language.
 */
export function kycNote(
  event: { kind: KycDocumentKind } & (
    | { status: 'approved' | 'rejected'; reason?: string | null | undefined }
    | { requested: string }
  ),
  locale: Locale = DEFAULT_LOCALE,
): { title: string; contents: string } {
  const t = TEXTS[locale];
  const kind = t.kind[event.kind];
  if ('requested' in event) {
    return { title: `${t.title}: ${kind}`, contents: t.requested.replace('{{message}}', event.requested) };
  }
  const status = t.status[event.status];
  const reason = event.reason ? `\n${t.reason.replace('{{reason}}', event.reason)}` : '';
  return { title: `${t.title}: ${kind} · ${status}`, contents: `${kind}: ${status}${reason}` };
}
