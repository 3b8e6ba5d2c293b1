import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Site } from '../../modules/sites/sites.service.ts';

/**
 * Which browser origins may call /public/ for a site: any, unless the operator listed some in the
 * site's settings (publicApiOrigins). A request without an Origin is not a cross-site browser
 * call (a server, a tool) and is let through: these calls carry their session in a header, never
 * in a cookie, so there is no ambient credential for another site to ride on.
 */
export function originAllowed(site: Site, origin: string | undefined): boolean {
  const allowed = site.settings.publicApiOrigins ?? [];
  if (origin === undefined || allowed.length === 0) return true;
  return allowed.includes(origin.toLowerCase().replace(/\/$/, ''));
}

/** The CORS headers every /public/ reply carries when its origin is allowed. */
export function setCorsHeaders(request: FastifyRequest, reply: FastifyReply, site: Site): boolean {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  if (!originAllowed(site, origin)) return false;
  const restricted = (site.settings.publicApiOrigins ?? []).length > 0;
  reply.header('access-control-allow-origin', restricted && origin ? origin : '*');
  reply.header('access-control-allow-methods', 'POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type, session');
  reply.header('access-control-max-age', '600');
  // Helmet's same-origin default would stop other hosts' pages from reading these replies.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  return true;
}
