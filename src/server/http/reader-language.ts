import type { FastifyRequest } from 'fastify';
import { askedLanguage } from '../../shared/content-language.ts';
import type { Locale } from '../../shared/format.ts';

/**
 * The language a caller reads the operator's content in (notices, popups, banners, notes): `?lang=`
 * (th, en, ko, jp, vn), else the first language of `Accept-Language` we speak (the member site sends
 * its own there; `ja` and `vi` count as jp and vn), else undefined: the site's default-language text.
 */
export function readerLanguage(request: FastifyRequest): Locale | undefined {
  return askedLanguage(
    (request.query as { lang?: unknown } | undefined)?.lang,
    request.headers['accept-language'],
  );
}
