import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no browser security headers (server-to-server JSON, e.g. the wallet API). */
    securityHeaders?: boolean;
  }
}

/** A strict Content-Security-Policy: our own scripts only, no inline code, no framing by others. */
const applyHelmet = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * helmet's headers on every reply but those of routes that opt out (`config.securityHeaders: false`).
 * helmet's middleware is built once: the Fastify plugin (@fastify/helmet 13.2) built it again on every
 * request, parsing the policy each time (about 8 µs a request, 4 % of a sports placement's server time).
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    applyHelmet(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    // A hashed script, style or image is not a document: the page's policies do not apply to it,
    // and ~1 KB of headers on each of them is what a phone waits for. nosniff stays.
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return;
    }
    // No page of ours uses these browser features; a script injected anyway gets none of them.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // API replies (tokens, balances, personal data) are never kept by browsers or shared caches.
    if (NO_STORE_PREFIXES.some((p) => request.url.startsWith(p)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/** What helmet sets that only means something on a document (a page); CORP and nosniff stay on assets. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), fullscreen=(self)';
const NO_STORE_PREFIXES = [
  '/api/',
  '/public/',
  '/wallet/',
  '/house/api/',
  '/sports/api/',
  '/payments/',
  '/pay/',
];
