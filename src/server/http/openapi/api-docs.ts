import { existsSync, readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { BUILT_OPENAPI } from './built-document.ts';
import { openApiDocument } from './document.ts';

export const DOCS_PREFIX = '/api/docs';

/** The document as the compiled server's build wrote it, or generated now when run from the sources. */
function loadDocument(): object {
  const built = new URL(`./${BUILT_OPENAPI}`, import.meta.url);
  return existsSync(built) ? JSON.parse(readFileSync(built, 'utf8')) : openApiDocument();
}

/**
 * Swagger UI (inside @fastify/swagger-ui 6.1.3) renders one <style> element of its own. Its hash,
 * as Chromium reports it, is allowed on the docs pages only: everywhere else, and for every other
 * inline style or script, the strict policy stands. A new version with another style shows as a
 * CSP console error in e2e/api-docs.e2e.ts.
 */
const SWAGGER_UI_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The OpenAPI document at /api/docs/openapi.json (and /api/docs/json, /api/docs/yaml) and a
 * rendered reference page at /api/docs (Swagger UI: its own script and style files, no inline
 * script, so it works under the site's strict Content-Security-Policy).
 */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  const document = loadDocument();
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
    // Our own CSP (http/security-headers.ts), plus the one style above on these pages.
    staticCSP: false,
    transformStaticCSP: (header) =>
      header.replace("style-src 'self'", `style-src 'self' ${SWAGGER_UI_STYLE}`),
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, async () => document);
}
