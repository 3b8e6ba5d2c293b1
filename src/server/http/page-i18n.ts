import type { FastifyRequest } from 'fastify';
import i18next from 'i18next';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, LOCALES, type Locale } from '../../shared/format.ts';
import enMessages from '../../shared/i18n/locales/en/messages.json' with { type: 'json' };
import enPayment from '../../shared/i18n/locales/en/payment.json' with { type: 'json' };
import enPlay from '../../shared/i18n/locales/en/play.json' with { type: 'json' };
import enUser from '../../shared/i18n/locales/en/user.json' with { type: 'json' };
import jpMessages from '../../shared/i18n/locales/jp/messages.json' with { type: 'json' };
import jpPayment from '../../shared/i18n/locales/jp/payment.json' with { type: 'json' };
import jpPlay from '../../shared/i18n/locales/jp/play.json' with { type: 'json' };
import jpUser from '../../shared/i18n/locales/jp/user.json' with { type: 'json' };
import koMessages from '../../shared/i18n/locales/ko/messages.json' with { type: 'json' };
import koPayment from '../../shared/i18n/locales/ko/payment.json' with { type: 'json' };
import koPlay from '../../shared/i18n/locales/ko/play.json' with { type: 'json' };
import koUser from '../../shared/i18n/locales/ko/user.json' with { type: 'json' };
import thMessages from '../../shared/i18n/locales/th/messages.json' with { type: 'json' };
import thPayment from '../../shared/i18n/locales/th/payment.json' with { type: 'json' };
import thPlay from '../../shared/i18n/locales/th/play.json' with { type: 'json' };
import thUser from '../../shared/i18n/locales/th/user.json' with { type: 'json' };
import vnMessages from '../../shared/i18n/locales/vn/messages.json' with { type: 'json' };
import vnPayment from '../../shared/i18n/locales/vn/payment.json' with { type: 'json' };
import vnPlay from '../../shared/i18n/locales/vn/play.json' with { type: 'json' };
import vnUser from '../../shared/i18n/locales/vn/user.json' with { type: 'json' };

/*
 * The server's pages in the member's language: the site's own texts (src/web/i18n/locales), the
 * namespaces the server renders from, through one i18next instance configured as the site's, so a text
 * reads and fills in the same on both. `payment`: the sandbox payment pages; `play`: the reality check
 * of the server-rendered windows; `user`: the account statement's CSV; `messages`: the e-mails and SMS
 * the outbox sends.
 */
type Resources = {
  payment: typeof enPayment;
  play: typeof enPlay;
  user: typeof enUser;
  messages: typeof enMessages;
};
const RESOURCES: Record<Locale, Resources> = {
  th: { payment: thPayment, play: thPlay, user: thUser, messages: thMessages },
  en: { payment: enPayment, play: enPlay, user: enUser, messages: enMessages },
  ko: { payment: koPayment, play: koPlay, user: koUser, messages: koMessages },
  jp: { payment: jpPayment, play: jpPlay, user: jpUser, messages: jpMessages },
  vn: { payment: vnPayment, play: vnPlay, user: vnUser, messages: vnMessages },
};
export type Namespace = keyof Resources;

const i18n = i18next.createInstance();
// Resources given inline and initAsync off: ready when init returns.
void i18n.init({
  resources: RESOURCES,
  supportedLngs: [...LOCALES],
  fallbackLng: false,
  ns: Object.keys(RESOURCES.en),
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * The request's language: `?lang=` first (the site adds it), then the site's `lang` cookie, then
 * `fallback`: the site's own language where the request belongs to one (a Korean site's member who never
 * picked a language reads Korean), else the default (th).
 */
export function requestLocale(request: FastifyRequest, fallback: Locale = DEFAULT_LOCALE): Locale {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLocale(query)) return query;
  const cookie = request.cookies?.lang;
  return isLocale(cookie) ? cookie : fallback;
}

/** A namespace's texts in `locale` as they are, for a page's own script to fill in. */
export function namespaceTexts<N extends Namespace>(locale: Locale, ns: N): Resources[N] {
  return RESOURCES[locale][ns];
}

export interface PageText<N extends Namespace> {
  locale: Locale;
  /** The language for `<html lang>`. */
  htmlLang: string;
  /** The text of `key` in the page's language, `{{name}}` filled from `vars` (not escaped: the page escapes). */
  t(key: keyof Resources[N] & string, vars?: Record<string, string>): string;
}

export function pageText<N extends Namespace>(locale: Locale, ns: N): PageText<N> {
  return { locale, htmlLang: HTML_LANG[locale], t: namespaceT(locale, ns) };
}

/** Any text of a namespace by its dotted key (`statementCsv.kind`), `{{name}}` filled from `vars`. */
export function namespaceT(
  locale: Locale,
  ns: Namespace,
): (key: string, vars?: Record<string, string>) => string {
  const t = i18n.getFixedT(locale, ns);
  return (key, vars) => t(key, vars ?? {});
}
