import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A strict Content-Security-Policy: our own scripts only, no inline code, no framing by others. */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    // No page of ours uses these browser features; a script injected anyway gets none of them.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // API replies (tokens, balances, personal data) are never kept by browsers or shared caches.
    if (NO_STORE_PREFIXES.some((p) => request.url.startsWith(p)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), fullscreen=(self)';
const NO_STORE_PREFIXES = ['/api/', '/public/', '/wallet/', '/house/api/', '/payments/', '/pay/'];
