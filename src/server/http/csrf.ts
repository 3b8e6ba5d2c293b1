import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { errors } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

const hasBearer = (request: FastifyRequest) => request.headers.authorization?.startsWith('Bearer ') === true;

/**
 * CSRF defence for cookie sessions, the one place it is written: a browser always names the page's
 * origin on a cross-site POST. A foreign Origin (or Referer) is refused; a request that names none
 * is refused when it carries one of `sessionCookies` and no Bearer token (a cookie the browser
 * attached by itself). Safe methods pass: they change nothing.
 */
export function refuseCrossSite(request: FastifyRequest, sessionCookies: readonly string[]): void {
  if (SAFE_METHODS.has(request.method)) return;
  const source = request.headers.origin ?? request.headers.referer;
  if (source) {
    // Both through URL, which drops a default port the Host header may carry.
    if (hostOf(source) !== hostOf(`${request.protocol}://${request.host}`)) {
      throw errors.forbidden('cross-site request refused');
    }
    return;
  }
  if (!hasBearer(request) && sessionCookies.some((name) => request.cookies[name] !== undefined)) {
    throw errors.forbidden('cookie session without Origin refused');
  }
}

/** The same check as an onRequest hook: it runs before the body is read. */
export const sameOriginOnly =
  (sessionCookies: readonly string[]): onRequestAsyncHookHandler =>
  async (request) =>
    refuseCrossSite(request, sessionCookies);
