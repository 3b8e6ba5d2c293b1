/**
 * The back office's API, /api/admin: ONE Fastify plugin that composes every screen's routes with
 * the hooks they all share. The order of a request:
 *   1. CSRF (onRequest, before the body is read): a POST must come from our own origin.
 *   2. Auth (onRequest): the operator behind the Bearer token or `asid` cookie, else 401;
 *      then the route's permission for the operator's role, else 403.
 *   3. The route's params, query and body parsed with its endpoint in src/shared/contract/admin
 *      (a failure is a 400 naming the first problem), the handler, and its reply encoded with the
 *      endpoint's response schema (which drops anything the contract does not name). Handlers
 *      return the reply's fields; the API adds `status: 'success'`.
 *
 * Adding a screen:
 *   1. its endpoints in src/shared/contract/admin/<screen>.ts, one line in that folder's index.ts;
 *   2. its routes in routes/<screen>.routes.ts: `adminRoute(endpoint, { permission, handler })`,
 *      HTTP only (SQL lives in the module's service or repo; rows become replies in a presenter);
 *   3. one line in SCREENS below. The permission-matrix test and the OpenAPI document pick it up
 *      (run `npm run openapi` and commit docs/openapi.json).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodySchema } from '../../../shared/contract/admin/endpoint.ts';
import type { ReadFrom } from '../../../shared/contract/admin/read-from.ts';
import type { Db } from '../../db/client.ts';
import type { ReportReader } from '../../db/report-reader.ts';
import { sameOriginOnly } from '../../http/csrf.ts';
import { errors } from '../../http/errors.ts';
import { serveSse } from '../../http/sse.ts';
import type { AttemptLimits } from '../accounts/attempt-limits.ts';
import type { SecretKeys } from '../accounts/secret-box.ts';
import type { PaymentMode } from '../cashier/payments/test-payments.ts';
import type { OperatorFeed } from '../live/operator-feed.ts';
import { parseInput } from './admin-input.ts';
import {
  ADMIN_PREFIX,
  type AdminAccess,
  type AdminRoute,
  type ScreenRoute,
  SENT_BY_HANDLER,
} from './admin-route.ts';
import { findOperator, type Operator } from './operators.service.ts';
import { roleMay } from './permissions.ts';
import { auditRoutes } from './routes/audit.routes.ts';
import { cashierRoutes } from './routes/cashier.routes.ts';
import { contentRoutes } from './routes/content.routes.ts';
import { dashboardRoutes } from './routes/dashboard.routes.ts';
import { gamesRoutes } from './routes/games.routes.ts';
import { kycRoutes } from './routes/kyc.routes.ts';
import { memberSecurityRoutes } from './routes/member-security.routes.ts';
import { membersRoutes } from './routes/members.routes.ts';
import { notesRoutes } from './routes/notes.routes.ts';
import { operatorsRoutes } from './routes/operators.routes.ts';
import { paymentOptionsRoutes } from './routes/payment-options.routes.ts';
import { promotionsRoutes } from './routes/promotions.routes.ts';
import { protectionRoutes } from './routes/protection.routes.ts';
import { publicApiRoutes } from './routes/public-api.routes.ts';
import { OPERATOR_COOKIE, sessionRoutes } from './routes/session.routes.ts';
import { sitesRoutes } from './routes/sites.routes.ts';
import { sportsRoutes } from './routes/sports.routes.ts';
import { supportRoutes } from './routes/support.routes.ts';
import { systemRoutes } from './routes/system.routes.ts';

/** Every permission-checked route, one line per screen: the permission-matrix test walks this list. */
export const ADMIN_ROUTES: ScreenRoute[] = [
  ...dashboardRoutes,
  ...cashierRoutes,
  ...membersRoutes,
  ...protectionRoutes,
  ...kycRoutes,
  ...memberSecurityRoutes,
  ...supportRoutes,
  ...notesRoutes,
  ...contentRoutes,
  ...gamesRoutes,
  ...sportsRoutes,
  ...sitesRoutes,
  ...paymentOptionsRoutes,
  ...promotionsRoutes,
  ...publicApiRoutes,
  ...operatorsRoutes,
  ...auditRoutes,
  ...systemRoutes,
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on admin routes: who may call it, and whether the call counts as the operator's activity. */
    admin?: { access: AdminAccess; touch: boolean };
  }
  interface FastifyRequest {
    /** The signed-in operator, on admin routes that need one. */
    operator?: Operator;
  }
}

export interface AdminApiDeps {
  db: Db;
  /** Where `reads: 'reports'` routes read; without it, the primary. */
  reports?: ReportReader;
  limits: AttemptLimits;
  /** TOTP_SECRET_KEY (and during a rotation the previous key): operators' TOTP secrets (accounts/secret-box.ts). */
  totpKeys: SecretKeys;
  /** The pending badge's pushed counts (modules/live); without it the screens only poll. */
  operatorFeed?: OperatorFeed;
  /** The trading desk's live bet ticker (modules/live); without it the desk polls. */
  tickerFeed?: OperatorFeed;
  /** Codes of the installed payment providers a payment option may name. */
  paymentProviders?: readonly string[];
  testOnlyPaymentProviders?: readonly string[];
  paymentMode?: PaymentMode;
}

const ON_PRIMARY: ReadFrom = { source: 'primary', lagSeconds: 0 };

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[OPERATOR_COOKIE];
}

/** Registers /api/admin: the session routes, every screen's routes, and the hooks above. */
export async function adminApi(app: FastifyInstance, deps: AdminApiDeps): Promise<void> {
  const paymentProviders = deps.paymentProviders ?? [];
  await app.register(
    async (scope) => {
      scope.decorateRequest('operator', undefined);
      // The operator cookie and, on the same origin, the member's.
      scope.addHook('onRequest', sameOriginOnly([OPERATOR_COOKIE, 'sid']));
      scope.addHook('onRequest', async (request) => {
        const admin = request.routeOptions.config.admin;
        if (!admin || admin.access === 'public') return;
        const token = tokenOf(request);
        const operator = token ? await findOperator(deps.db, token, { touch: admin.touch }) : undefined;
        if (!operator) throw errors.unauthorized('operator login required');
        if (admin.access !== 'operator' && !roleMay(operator.role, admin.access)) {
          throw errors.forbidden(`the ${operator.role} role may not ${admin.access}`);
        }
        request.operator = operator;
      });

      // Pushed as Server-Sent Events (streams, so outside the JSON contract): the pending badge, and the
      // trading desk's bet ticker (`ticker` events of the newest bets, as bets are placed).
      const streams = [
        { url: '/live', access: 'dashboard.view', feed: deps.operatorFeed },
        { url: '/sports/ticker/live', access: 'trading', feed: deps.tickerFeed },
      ] as const;
      for (const { url, access, feed } of streams) {
        if (!feed) continue;
        scope.get(url, { config: { admin: { access, touch: false } } }, async (request, reply) => {
          const operator = request.operator as Operator;
          const holder = request.server.streams.operator(operator.id);
          await serveSse(request, reply, holder, tokenOf(request) ?? '', (stream) => feed.add(stream));
        });
      }

      const routes: AdminRoute[] = [...sessionRoutes, ...ADMIN_ROUTES];
      for (const route of routes) {
        const { endpoint } = route;
        scope.route({
          method: route.method,
          url: endpoint.path,
          config: { admin: { access: route.permission, touch: route.touch } },
          handler: async (request, reply) => {
            const operator = request.operator as Operator;
            const params = endpoint.params ? parseInput(endpoint.params, request.params) : undefined;
            const body = bodySchema(endpoint, params);
            const read =
              route.reads === 'reports' && deps.reports
                ? await deps.reports.pick()
                : { db: deps.db, readFrom: ON_PRIMARY };
            const result = await route.handler({
              db: read.db,
              readFrom: read.readFrom,
              limits: deps.limits,
              totpKeys: deps.totpKeys,
              paymentProviders,
              testOnlyPaymentProviders: deps.testOnlyPaymentProviders ?? [],
              paymentMode: deps.paymentMode ?? { production: false },
              operator,
              who: { operator, ip: request.ip },
              params,
              query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
              body: body ? parseInput(body, request.body) : undefined,
              request,
              reply,
            } as never);
            if (result === SENT_BY_HANDLER) return reply;
            return endpoint.response.encode({ status: 'success', ...result });
          },
        });
      }
    },
    { prefix: ADMIN_PREFIX },
  );
}
