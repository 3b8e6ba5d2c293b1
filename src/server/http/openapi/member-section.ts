import { type RouteSpec, routes } from '../../../shared/contract/routes.ts';
import { KYC_DOCUMENT_KINDS, KYC_FILE_TYPES, KYC_MAX_BYTES } from '../../../shared/vocabulary.ts';
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
  paths['/api/kyc/documents/{kind}'] = kycUploadPath();
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

/** The verification upload: the file's bytes as the body, not JSON (docs/verification.md). */
function kycUploadPath() {
  const file = { schema: { type: 'string', format: 'binary', maxLength: KYC_MAX_BYTES } };
  return {
    post: {
      operationId: 'member.kyc-upload',
      tags: ['member'],
      summary:
        'Uploads a verification document; its type is checked by its bytes, and must be the one claimed',
      security: [{ memberBearer: [] }, { memberCookie: [] }],
      parameters: [
        {
          name: 'kind',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: [...KYC_DOCUMENT_KINDS] },
        },
      ],
      requestBody: {
        required: true,
        content: Object.fromEntries(KYC_FILE_TYPES.map((type) => [type, file])),
      },
      responses: {
        '200': {
          description: 'stored, waiting for review (msg3202)',
          content: jsonContent({
            type: 'object',
            properties: {
              status: { type: 'string', const: 'success' },
              msg: { type: 'string' },
              document: {
                type: 'object',
                properties: {
                  id: { type: 'number' },
                  kind: { type: 'string', enum: [...KYC_DOCUMENT_KINDS] },
                  status: { type: 'string', const: 'pending' },
                  mime: { type: 'string', enum: [...KYC_FILE_TYPES] },
                  sizeBytes: { type: 'number' },
                },
              },
            },
          }),
        },
        ...failureResponses([400, 401, 403, 409, 413, 415]),
      },
    },
  };
}
