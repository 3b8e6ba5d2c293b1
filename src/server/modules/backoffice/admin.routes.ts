import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, STATUS } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, invalid, unauthorized } from '../../http/api-error.ts';
import { refuseForeignOrigin } from '../../http/member-api.ts';
import { parseInput } from './admin-input.ts';
import { appendAudit } from './audit.service.ts';
import { decideRequest, pendingRequests } from './cashier-queue.service.ts';
import { dashboard, pendingCounts } from './dashboard.service.ts';
import { MORE_ADMIN_ROUTES } from './more-admin.routes.ts';
import {
  findOperator,
  OPERATOR_SESSION_MS,
  type Operator,
  operatorLogin,
  operatorLogout,
} from './operators.service.ts';
import { type Permission, ROLE_PERMISSIONS, roleMay } from './permissions.ts';

const COOKIE = 'asid';

interface AdminContext {
  db: Db;
  /** Codes of the installed payment providers a payment option may name. */
  paymentProviders: readonly string[];
  operator: Operator;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AdminRoute {
  method: 'GET' | 'POST';
  url: string;
  permission: Permission;
  /** False for what the screens poll by themselves: such calls do not count as the operator's activity. */
  touch?: boolean;
  handler(ctx: AdminContext): Promise<unknown>;
}

/** Every permission-checked admin route: the permission-matrix test walks this list. */
export const ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/dashboard',
    permission: 'dashboard.view',
    handler: async ({ db }) => ({ status: 'success', ...(await dashboard(db)) }),
  },
  {
    method: 'GET',
    url: '/api/admin/pending-counts',
    permission: 'dashboard.view',
    touch: false,
    handler: async ({ db }) => ({ status: 'success', ...(await pendingCounts(db)) }),
  },
  {
    method: 'GET',
    url: '/api/admin/cashier/pending',
    permission: 'cashier.view',
    touch: false,
    handler: async ({ db }) => ({ status: 'success', requests: await pendingRequests(db) }),
  },
  {
    method: 'POST',
    url: '/api/admin/cashier/:kind/:id/:decision',
    permission: 'cashier.decide',
    handler: async ({ db, operator, request }) => {
      const params = parseInput(
        z.object({
          kind: z.enum(['deposit', 'withdraw']),
          id: z.coerce.number().int().positive(),
          decision: z.enum(['approve', 'reject']),
        }),
        request.params,
      );
      const body = parseInput(z.object({ reason: z.string().trim().max(500).optional() }), request.body);
      if (params.decision === 'reject' && !body.reason) throw invalid('a rejection needs a reason');
      const decided = await decideRequest(db, operator, {
        kind: params.kind,
        id: params.id,
        approve: params.decision === 'approve',
        reason: body.reason,
        ip: request.ip,
      });
      return { status: 'success', request: { id: decided.id, status: decided.status } };
    },
  },
];

/**
 * CSRF defence for the operator cookie: a foreign Origin is refused by the member rule, and a
 * cookie-carried operator session must name its origin too (the member rule only knows `sid`).
 */
function refuseCrossSite(request: FastifyRequest) {
  refuseForeignOrigin(request);
  const bearer = request.headers.authorization?.startsWith('Bearer ');
  const named = request.headers.origin ?? request.headers.referer;
  if (!bearer && !named && request.cookies[COOKIE]) {
    throw new ApiError(403, STATUS.forbidden, MSG.forbidden, 'cookie session without Origin refused');
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[COOKIE];
}

/** The back office's API under /api/admin: operator login with TOTP, then permission-checked routes. */
export async function adminApi(app: FastifyInstance, deps: { db: Db; paymentProviders?: readonly string[] }) {
  app.post('/api/admin/login', async (request, reply) => {
    refuseForeignOrigin(request);
    const body = parseInput(
      z.object({
        login: z.string().max(64),
        password: z.string().max(128),
        otp: z.string().max(10),
        // Scripts and tools ask for a Bearer token; the browser keeps it only in the httpOnly cookie.
        bearer: z.boolean().optional(),
      }),
      request.body,
    );
    const { token, operator } = await operatorLogin(deps.db, {
      login: body.login,
      password: body.password,
      otp: body.otp,
      ip: request.ip,
    });
    await appendAudit(deps.db, {
      operatorId: operator.id,
      operatorLogin: operator.login,
      action: 'operator.login',
      target: `operator:${operator.id}`,
      ip: request.ip,
    });
    reply.setCookie(COOKIE, token, {
      path: '/api/admin',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: OPERATOR_SESSION_MS / 1000,
    });
    return { status: 'success', operator, ...(body.bearer ? { token } : {}) };
  });

  const authenticated = async (request: FastifyRequest, touch = true) => {
    if (request.method !== 'GET') refuseCrossSite(request);
    const token = tokenOf(request);
    const operator = token ? await findOperator(deps.db, token, { touch }) : undefined;
    if (!operator) throw unauthorized('operator login required');
    return operator;
  };

  app.post('/api/admin/logout', async (request, reply) => {
    const operator = await authenticated(request);
    await operatorLogout(deps.db, operator.sessionId);
    reply.clearCookie(COOKIE, { path: '/api/admin' });
    return { status: 'success' };
  });

  // The back office shows only what the operator's role may do; the routes check it again.
  app.get('/api/admin/me', async (request) => {
    const operator = await authenticated(request);
    return { status: 'success', operator, permissions: ROLE_PERMISSIONS[operator.role] };
  });

  for (const route of [...ADMIN_ROUTES, ...MORE_ADMIN_ROUTES]) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const operator = await authenticated(request, route.touch ?? true);
        if (!roleMay(operator.role, route.permission)) {
          throw new ApiError(
            403,
            STATUS.forbidden,
            MSG.forbidden,
            `the ${operator.role} role may not ${route.permission}`,
          );
        }
        return route.handler({
          db: deps.db,
          paymentProviders: deps.paymentProviders ?? [],
          operator,
          request,
          reply,
        });
      },
    });
  }
}
