/** The OpenAPI document's file beside the compiled server: tools/build-server.ts writes it, api-docs.ts serves it. */
export const BUILT_OPENAPI = 'openapi.json';
