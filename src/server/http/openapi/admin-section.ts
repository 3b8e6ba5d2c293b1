import { adminContract } from '../../../shared/contract/admin/index.ts';
import { ADMIN_ROUTES } from '../../modules/backoffice/admin-api.ts';
import type { AdminRoute } from '../../modules/backoffice/admin-route.ts';
import { sessionRoutes } from '../../modules/backoffice/routes/session.routes.ts';
import { jsonContent, jsonSchema, openApiPath, parametersOf } from './json-schema.ts';
import { type ApiSection, failureResponses } from './section.ts';

function requestBody(route: AdminRoute) {
  const { body, bodyOf } = route.endpoint;
  if (body) return { required: true, content: jsonContent(jsonSchema(body)) };
  if (!bodyOf) return undefined;
  const oneOf = Object.entries(bodyOf.schemas).map(([key, schema]) => ({
    title: `${bodyOf.param} = ${key}`,
    ...jsonSchema(schema),
  }));
  return {
    required: true,
    description: `The fields depend on {${bodyOf.param}}`,
    content: jsonContent({ oneOf }),
  };
}

function accessNote(route: AdminRoute): string {
  if (route.permission === 'public') return 'No session needed.';
  if (route.permission === 'operator') return 'Any signed-in operator.';
  return `Needs the \`${route.permission}\` permission.`;
}

/** The admin API (/api/admin) from the routes the server registers, each described by its contract endpoint. */
export function adminSection(): ApiSection {
  const groupOf = new Map<object, string>();
  for (const [group, endpoints] of Object.entries(adminContract)) {
    for (const endpoint of Object.values(endpoints)) groupOf.set(endpoint, group);
  }
  const paths: ApiSection['paths'] = {};
  for (const route of [...sessionRoutes, ...ADMIN_ROUTES] as AdminRoute[]) {
    const { endpoint } = route;
    const group = groupOf.get(endpoint) ?? 'other';
    const name = Object.entries(adminContract[group as keyof typeof adminContract] ?? {}).find(
      ([, e]) => e === endpoint,
    )?.[0];
    const path = openApiPath(route.url);
    const body = requestBody(route);
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: {
        operationId: `admin.${group}.${name ?? endpoint.path}`,
        tags: [`admin: ${group}`],
        summary: endpoint.summary,
        description: accessNote(route),
        security: route.permission === 'public' ? [] : [{ operatorBearer: [] }, { operatorCookie: [] }],
        parameters: [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')],
        ...(body ? { requestBody: body } : {}),
        responses: {
          '200': { description: 'success', content: jsonContent(jsonSchema(endpoint.response)) },
          ...failureResponses(route.permission === 'public' ? [400, 401, 429] : [400, 401, 403, 404, 409]),
        },
      },
    };
  }
  return {
    // The names say it all; a description beside them only squeezes the tag list on a phone.
    tags: Object.keys(adminContract).map((group) => ({ name: `admin: ${group}` })),
    paths,
    securitySchemes: {
      operatorBearer: {
        type: 'http',
        scheme: 'bearer',
        description: 'POST /api/admin/login with bearer: true',
      },
      operatorCookie: { type: 'apiKey', in: 'cookie', name: 'asid' },
    },
  };
}
