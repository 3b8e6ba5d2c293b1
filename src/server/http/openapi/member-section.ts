import { type RouteSpec, routes } from '../../../shared/contract/routes.ts';
import { jsonContent, jsonSchema } from './json-schema.ts';
import { type ApiSection, failureResponses } from './section.ts';

/** The member API (POST /api/routes/<name>, SPEC §7) from its contract in src/shared/contract. */
export function memberSection(): ApiSection {
  const paths: ApiSection['paths'] = {};
  for (const [name, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    paths[`/api/routes/${name}`] = {
      post: {
        operationId: `member.${name}`,
        tags: ['member'],
        ...(spec.auth === 'member'
          ? { security: [{ memberBearer: [] }, { memberCookie: [] }] }
          : { security: [] }),
        requestBody: { required: false, content: jsonContent(jsonSchema(spec.request)) },
        responses: {
          '200': { description: 'success', content: jsonContent(jsonSchema(spec.response)) },
          ...failureResponses(spec.auth === 'member' ? [400, 401, 403, 409, 429] : [400, 403, 409, 429]),
        },
      },
    };
  }
  return {
    tags: [
      { name: 'member', description: 'The member site API: `POST /api/routes/{name}` with a JSON body' },
    ],
    paths,
    securitySchemes: {
      memberBearer: { type: 'http', scheme: 'bearer', description: 'The token from user-do-login' },
      memberCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
    },
  };
}
