import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from './api-error.ts';

/**
 * One rule at the edge for every API (member, admin, wallet, webhooks, /public/ and the rest):
 * text holding a NUL character or a lone UTF-16 surrogate cannot be stored as PostgreSQL text
 * or jsonb, so such a request is refused with a 400 before any handler sees it, instead of failing
 * deep inside a query (and, for the wallet, failing every other call in its batch).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The path of the first string (value or key) that cannot be stored, or undefined. Iterative: no depth limit. */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path || '(body)';
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => {
        stack.push([child, `${path}[${i}]`]);
      });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** Raw bodies (signed wallet calls, webhooks, forms) are checked as the JSON or text they carry. */
function bodyValue(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return body;
  const text = body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: its handler refuses it; a NUL in it is still refused here.
    return text;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a file's bytes (a verification document), not text: only its query and params are checked. */
    binaryBody?: boolean;
  }
}

function checkRequest(request: FastifyRequest): void {
  const binary = request.routeOptions.config.binaryBody === true;
  for (const [part, value] of [
    ['body', binary ? undefined : bodyValue(request.body)],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    const where = findUnstorableText(value);
    if (where !== undefined) {
      // The reply names the field without echoing the bad characters back.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is being replaced
      const field = where.replace(/[\u0000\uD800-\uDFFF]/g, '?');
      throw invalid(
        `${part} field "${field}" holds a NUL character or a lone surrogate, which text cannot hold`,
      );
    }
  }
}

/** Installed once on the root instance, so every route registered after it (any prefix) is covered. */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkRequest(request);
  });
}
