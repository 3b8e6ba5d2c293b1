import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from '../../../../shared/format.ts';
import en from '../../../../shared/i18n/locales/en/payment.json' with { type: 'json' };
import jp from '../../../../shared/i18n/locales/jp/payment.json' with { type: 'json' };
import ko from '../../../../shared/i18n/locales/ko/payment.json' with { type: 'json' };
import th from '../../../../shared/i18n/locales/th/payment.json' with { type: 'json' };
import vn from '../../../../shared/i18n/locales/vn/payment.json' with { type: 'json' };

/** The site's own `payment` namespace: the sandbox pages speak the language the member chose there. */
const RESOURCES: Record<Locale, typeof en> = { th, en, ko, jp, vn };
export type PaymentKey = keyof typeof en;

/** `?lang=` first (the site adds it), then the site's `lang` cookie, then the default (th). */
export function pageLocale(request: FastifyRequest): Locale {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLocale(query)) return query;
  const cookie = request.cookies?.lang;
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

export interface PageText {
  locale: Locale;
  htmlLang: string;
  t(key: PaymentKey, vars?: Record<string, string>): string;
}

export function pageText(locale: Locale): PageText {
  const resource = RESOURCES[locale];
  return {
    locale,
    htmlLang: HTML_LANG[locale],
    t: (key, vars = {}) => resource[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? ''),
  };
}
