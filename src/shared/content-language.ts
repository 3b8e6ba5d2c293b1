import { isLocale, LOCALES, type Locale } from './format.ts';

/**
 * An operator's text in other languages than the site's default: per language, the fields written for
 * it (`title`, and `contents` or a banner's `text`). The row's own fields are the default-language
 * version; a language without its entry, or a field left empty, falls back to them.
 */
export type Translation = { title?: string; contents?: string; text?: string };
export type Translations = Partial<Record<Locale, Translation>>;

/** The row's fields as a reader in `locale` sees them. */
export function inLanguage<T extends Translation>(
  row: T,
  translations: Translations | null | undefined,
  locale: Locale | undefined,
): T {
  const own = locale ? translations?.[locale] : undefined;
  if (!own) return row;
  const out = { ...row };
  for (const field of ['title', 'contents', 'text'] as const) {
    const value = own[field];
    if (field in row && typeof value === 'string' && value.trim() !== '')
      out[field] = value as T[typeof field];
  }
  return out;
}

/** The languages other than `defaultLocale` that have no title yet: what the editor marks missing. */
export function missingLanguages(
  translations: Translations | null | undefined,
  defaultLocale: Locale,
): Locale[] {
  return LOCALES.filter((l) => l !== defaultLocale && !translations?.[l]?.title?.trim());
}

/**
 * A caller's language from `?lang=`, then `Accept-Language` (its first tag we speak; `ja` and `vi`
 * are the product's `jp` and `vn`); undefined when neither names one of the five.
 */
export function askedLanguage(query: unknown, acceptLanguage: string | undefined): Locale | undefined {
  if (isLocale(query)) return query;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    const code = tag === 'ja' ? 'jp' : tag === 'vi' ? 'vn' : tag;
    if (isLocale(code)) return code;
  }
  return undefined;
}
