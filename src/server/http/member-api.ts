import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  isRouteName,
  type ParsedRequest,
  type RouteName,
  type RouteReply,
  type RouteSpec,
  routes,
} from '../../shared/contract/routes.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AttemptLimits } from '../modules/accounts/attempt-limits.ts';
import type { SessionMember } from '../modules/accounts/sessions.service.ts';
import type { Site } from '../modules/sites/sites.service.ts';
import { sameOriginOnly } from './csrf.ts';
import { errors } from './errors.ts';
import { assertMemberOfSite } from './member-site.ts';
import { clearSessionCookie, readSessionToken, SESSION_COOKIE, usesCookieSession } from './session-token.ts';

export interface RouteContext {
  db: Db;
  config: Config;
  /** The per-account and per-address limits (logins, id checks, guest tickets). */
  limits: AttemptLimits;
  request: FastifyRequest;
  reply: FastifyReply;
  site: Site;
  resolveSite(hostname: string): Promise<Site>;
  ip: string;
  /** The bearer or cookie token, when the request carries one. */
  token: string | undefined;
  /** The logged-in member; always set for routes whose contract says auth 'member'. */
  member: SessionMember | undefined;
}

export type RouteHandler<N extends RouteName> = (
  body: ParsedRequest<N>,
  ctx: RouteContext,
) => Promise<RouteReply<N>>;

export type RouteHandlers = { [N in RouteName]?: RouteHandler<N> };

export interface MemberApiDeps {
  db: Db;
  config: Config;
  limits: AttemptLimits;
  handlers: RouteHandlers;
  resolveSite(hostname: string): Promise<Site>;
  /** The member behind a session token, or undefined when the session is not live. */
  resolveMember(token: string, options: { withCounts?: boolean }): Promise<SessionMember | undefined>;
}

/** The member of a route whose contract says auth 'member' (the API layer has checked the session). */
export function requireMember(ctx: RouteContext): SessionMember {
  if (!ctx.member) throw errors.unauthorized();
  return ctx.member;
}

const MAX_BODY_BYTES = 64 * 1024;

/** What a transport hands the member routes: the request, its reply, and the session token it carries. */
export interface RouteCall {
  request: FastifyRequest;
  reply: FastifyReply;
  token: string | undefined;
  /** Called when a member-only route finds no live session (before it refuses): /api/routes clears a dead cookie. */
  onNoSession?(): void;
}

/**
 * One member route, whichever transport carries it (/api/routes/ and /public/): the session check
 * its contract asks for, the contract's validation, then the module's handler. Refusals are thrown
 * as ApiError; the transport shapes them.
 */
export async function runMemberRoute(
  deps: MemberApiDeps,
  name: RouteName,
  body: unknown,
  call: RouteCall,
): Promise<{ reply: RouteReply<RouteName>; ctx: RouteContext }> {
  const spec: RouteSpec = routes[name];
  const { request, reply, token } = call;
  const member =
    spec.auth === 'member' && token
      ? await deps.resolveMember(token, { withCounts: spec.withCounts === true })
      : undefined;
  if (spec.auth === 'member' && !member) {
    call.onNoSession?.();
    throw errors.unauthorized(token ? 'session expired or ended' : 'login required');
  }
  const site = await deps.resolveSite(request.hostname);
  if (member) assertMemberOfSite(member, site);

  // No body at all means an empty request; an explicit JSON null is refused like any non-object.
  const parsed = spec.request.safeParse(body === undefined ? {} : body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    const msg = (field && spec.fieldMsgs?.[field]) || spec.invalidMsg;
    throw errors.invalid(issue ? `${field ?? 'body'}: ${issue.message}` : 'invalid body', msg, { field });
  }
  const ctx: RouteContext = {
    db: deps.db,
    config: deps.config,
    limits: deps.limits,
    request,
    reply,
    site,
    resolveSite: deps.resolveSite,
    ip: request.ip,
    token,
    member,
  };
  const handler = deps.handlers[name] as RouteHandler<RouteName>;
  return { reply: await handler(parsed.data as never, ctx), ctx };
}

/** POST /api/routes/<name>: validate against the contract, run the module's handler, shape the reply. */
export async function memberApi(app: FastifyInstance, deps: MemberApiDeps): Promise<void> {
  const missing = Object.keys(routes).filter((name) => !deps.handlers[name as RouteName]);
  if (missing.length > 0) throw new Error(`contract routes without a handler: ${missing.join(', ')}`);

  app.removeContentTypeParser('text/plain');

  app.post<{ Params: { name: string } }>(
    '/api/routes/:name',
    // CSRF: a cookie session's POST must come from our own origin (http/csrf.ts).
    { bodyLimit: MAX_BODY_BYTES, onRequest: sameOriginOnly([SESSION_COOKIE]) },
    async (request, reply) => {
      const name = request.params.name;
      if (!isRouteName(name)) {
        throw errors.notFound(`route ${name.slice(0, 64)}`);
      }
      const token = readSessionToken(request);
      const result = await runMemberRoute(deps, name, request.body, {
        request,
        reply,
        token,
        // Only a dead cookie is cleared: clearing on every guest request would race a login in flight.
        onNoSession: () => {
          if (token && usesCookieSession(request)) clearSessionCookie(reply);
        },
      });
      return result.reply;
    },
  );

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/api/routes/:name',
    handler: async (request) => {
      throw errors.methodNotAllowed(`use POST for /api/routes, not ${request.method}`);
    },
  });
}
