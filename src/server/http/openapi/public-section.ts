import { type RouteSpec, routes } from '../../../shared/contract/routes.ts';
import { PUBLIC_MODULES } from '../public-api/public-api.ts';
import { type JsonSchema, jsonContent, jsonSchema } from './json-schema.ts';
import { type ApiSection, FAILURE_REF } from './section.ts';

/** `{data: …}`: every /public/ reply, success or refusal, is wrapped so. */
const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { data },
  required: ['data'],
});

const PUBLIC_FAILURE_REF = { $ref: '#/components/schemas/PublicFailure' };
const refusedBeforeTheRoute = (description: string) => ({
  description,
  content: jsonContent(PUBLIC_FAILURE_REF),
});

const TRANSPORT = [
  "Older front ends' API (SPEC §7's backend paths): `POST /public/{module}/{name}`, each path running the member",
  'route named in its description (same session check, contract and rules as `/api/routes/`).',
  'The module matches in any case (`User/` = `user/`), names exactly; an empty trailing `?` is ignored; `casino/`',
  'answers the same names as `slot/`. Body: JSON, with or without `;charset=UTF-8`; no body and no content type',
  'is `{}`. Every reply is `{"data": {"status": …}}`: **every business outcome is HTTP 200, refusals included**',
  '(`wait`, `balance`, `pass`, a refused login, an expired session as `unauthorized` …); an unreadable request',
  'gets a 4xx in the same envelope, a real fault a 500. Session: the header `session: <token>` (the token',
  '`user/do_login` answers as `session`); a missing header, an unknown token or `undefined` is a guest; no',
  'cookie is read or set, so there is no CSRF check. Replies carry our field names and the older ones (user',
  '`id`, `point` = the vault, `bankowner`, `banknumber`; rows `_id`, `regDate`/`regdate`/`setdate`,',
  '`title_color`, `isRead`, `text`, `ref.contents`, `mobileImg`, `balance`). CORS: `OPTIONS` answers 204 and',
  'every reply carries `Access-Control-Allow-Origin`; any origin may call unless the site lists its allowed',
  'origins in the back office (`POST /api/admin/settings/sites/{id}/public-api`), when another `Origin` gets 403.',
  'Language: notices, popups, banners and notes answer in the language of the query parameter `?lang=` (`th`, `en`,',
  '`ko`, `jp`, `vn`), else of the `Accept-Language` header (`ja`, `vi` count as `jp`, `vn`), each field falling',
  "back to the site's default language (Thai) where it was not written; without either, the default language.",
].join(' ');

/** The /public/ adapter, generated from the member contract each path maps onto. */
export function publicSection(): ApiSection {
  const paths: ApiSection['paths'] = {};
  for (const [module, table] of Object.entries(PUBLIC_MODULES)) {
    for (const [name, path] of Object.entries(table)) {
      const spec: RouteSpec = routes[path.route];
      const renames = path.about ? ` ${path.about}` : '';
      paths[`/public/${module}/${name}`] = {
        post: {
          operationId: `public.${module}.${name}`,
          tags: ['public'],
          summary: `Member route ${path.route}`,
          description:
            `Runs the member route \`${path.route}\` (see \`/api/routes/${path.route}\`).${renames}` +
            (path.body ? '' : ' The body is that route’s.') +
            ' The reply carries the older field names beside ours.',
          ...(spec.auth === 'member' ? { security: [{ publicSession: [] }] } : { security: [] }),
          requestBody: {
            required: false,
            content: jsonContent(
              path.body
                ? {
                    type: 'object',
                    description: path.about ?? 'the older field names',
                    additionalProperties: true,
                  }
                : jsonSchema(spec.request),
            ),
          },
          responses: {
            '200': {
              description: 'every business outcome, refusals included (then `data` is a failure)',
              content: jsonContent(envelope({ oneOf: [jsonSchema(spec.response), FAILURE_REF] })),
            },
            '400': refusedBeforeTheRoute('unreadable JSON'),
            '403': refusedBeforeTheRoute('an Origin the site does not allow'),
            '404': refusedBeforeTheRoute('no such module or name'),
            '413': refusedBeforeTheRoute('a body over 64 KB'),
            '415': refusedBeforeTheRoute('a content type other than JSON'),
          },
        },
      };
    }
  }
  return {
    tags: [{ name: 'public', description: TRANSPORT }],
    paths,
    schemas: { PublicFailure: envelope(FAILURE_REF) },
    securitySchemes: {
      publicSession: {
        type: 'apiKey',
        in: 'header',
        name: 'session',
        description: 'The token from /public/user/do_login (`session`)',
      },
    },
  };
}
