import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, STATUS } from '../../../shared/messages.ts';
import { toApiError } from '../error-handler.ts';
import { ApiError, errors } from '../errors.ts';
import { type MemberApiDeps, runMemberRoute } from '../member-api.ts';
import { wellFormedToken } from '../session-token.ts';
import type { Fields } from './aliases.ts';
import { balancePaths } from './balance-paths.ts';
import { communityPaths } from './community-paths.ts';
import type { PathTable, PublicPath } from './path-types.ts';
import { payPaths } from './pay-paths.ts';
import { originAllowed, setCorsHeaders } from './public-cors.ts';
import { slotPaths } from './slot-paths.ts';
import { userPaths } from './user-paths.ts';

/** SPEC §7's backend modules; `casino/` answers the same names as `slot/`. */
export const PUBLIC_MODULES: Readonly<Record<string, PathTable>> = {
  user: userPaths,
  community: communityPaths,
  slot: slotPaths,
  casino: slotPaths,
  balance: balancePaths,
  pay: payPaths,
};

/** The path a module (any case) and a name (exact, misspellings and all) name. */
export function findPublicPath(module: string, name: string): PublicPath | undefined {
  const table = PUBLIC_MODULES[module.toLowerCase()];
  return table && Object.hasOwn(PUBLIC_MODULES, module.toLowerCase()) && Object.hasOwn(table, name)
    ? table[name]
    : undefined;
}

const MAX_BODY_BYTES = 64 * 1024;

const envelope = (data: Record<string, unknown>) => ({ data });

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `session: <token>`; a missing header, an unknown shape or the literal `undefined` is a guest. */
function sessionOf(request: FastifyRequest): string | undefined {
  const header = request.headers.session;
  return wellFormedToken(Array.isArray(header) ? header[0] : header);
}

/**
 * POST /public/<module>/<name>: the older front ends' transport over the member routes. The
 * route's contract, session check and rules are the same as /api/routes/ (runMemberRoute); only
 * the edges differ: the `session` header, field names, CORS, and the reply `{data: {status, ...}}`
 * with HTTP 200 for every business outcome, refusals included, since these clients treat any
 * non-2xx as a network failure. A request that cannot be read (bad JSON, too large, wrong type,
 * unknown path) gets a 4xx in the same envelope; a real fault is the only 5xx.
 */
export async function publicApi(app: FastifyInstance, deps: MemberApiDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const apiError = toApiError(error);
      if (apiError && apiError.httpStatus < 500) {
        return reply.code(apiError.httpStatus).send(envelope(apiError.toReply()));
      }
      request.log.error({ err: error }, 'public API fault');
      return reply.code(500).send(
        envelope({
          status: STATUS.error,
          msg: MSG.failure,
          message: 'internal error',
          requestId: request.id,
        }),
      );
    });

    scope.addHook('onRequest', async (request, reply) => {
      setCorsHeaders(request, reply, await deps.resolveSite(request.hostname));
    });

    // Handlers written for /api/routes/ may set a session cookie (the cookie plugin writes it on
    // send, before this hook): /public/ carries its session in a header and sets no cookie.
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.removeHeader('set-cookie');
      return payload;
    });

    scope.options('/public/*', async (_request, reply) => reply.code(204).send());

    scope.post<{ Params: { module: string; name: string } }>(
      '/public/:module/:name',
      { bodyLimit: MAX_BODY_BYTES },
      async (request, reply) => answer(deps, request, reply),
    );

    scope.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/public/*',
      handler: async (request) => {
        throw errors.methodNotAllowed(`use POST for /public/, not ${request.method}`);
      },
    });
    scope.post('/public/*', async () => {
      throw errors.notFound('such path: use /public/<module>/<name>');
    });
  });
}

async function answer(
  deps: MemberApiDeps,
  request: FastifyRequest<{ Params: { module: string; name: string } }>,
  reply: FastifyReply,
) {
  const { module, name } = request.params;
  const path = findPublicPath(module, name);
  if (!path) {
    throw errors.notFound(`path ${module.slice(0, 32)}/${name.slice(0, 64)}`);
  }
  const site = await deps.resolveSite(request.hostname);
  if (!originAllowed(site, request.headers.origin)) {
    throw errors.forbidden('this origin may not call the API of this site');
  }
  try {
    const raw = request.body === undefined ? {} : request.body;
    const body = isFields(raw) && path.body ? await path.body(raw, { db: deps.db }) : raw;
    const result = await runMemberRoute(deps, path.route, body, {
      request,
      reply,
      token: sessionOf(request),
    });
    const ours = result.reply as Fields;
    const baseUrl = `${request.protocol}://${request.host}`;
    const data = path.reply ? await path.reply(ours, { route: result.ctx, baseUrl }) : ours;
    return envelope(data);
  } catch (error) {
    // A business refusal is an answer these clients show, not a network failure.
    if (error instanceof ApiError && error.httpStatus < 500) return envelope(error.toReply());
    throw error;
  } finally {
    // Handlers written for /api/routes/ may answer 201: every business outcome here is a 200.
    reply.code(200);
  }
}
