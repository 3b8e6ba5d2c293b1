import { sessionEndpoints } from '../../../../shared/contract/admin/session.ts';
import { siteTimeZone } from '../../sites/site-settings.ts';
import { listSites } from '../../sites/sites-admin.service.ts';
import { adminRoute } from '../admin-route.ts';
import { appendAudit } from '../audit.service.ts';
import { operatorView } from '../backoffice.presenter.ts';
import {
  changeOperatorPassword,
  OPERATOR_SESSION_MS,
  operatorLogin,
  operatorLogout,
  setOperatorLocale,
} from '../operators.service.ts';
import { ROLE_PERMISSIONS } from '../permissions.ts';

/** The operator session cookie: httpOnly, SameSite=Strict, scoped to /api/admin. */
export const OPERATOR_COOKIE = 'asid';

/** The operator's own session: login with password and TOTP, who am I, logout. */
export const sessionRoutes = [
  adminRoute(sessionEndpoints.login, {
    permission: 'public',
    handler: async ({ db, limits, totpKeys, body, request, reply }) => {
      const { token, operator } = await operatorLogin(db, limits, totpKeys, { ...body, ip: request.ip });
      await appendAudit(db, {
        operatorId: operator.id,
        operatorLogin: operator.login,
        action: 'operator.login',
        target: `operator:${operator.id}`,
        ip: request.ip,
      });
      reply.setCookie(OPERATOR_COOKIE, token, {
        path: '/api/admin',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: OPERATOR_SESSION_MS / 1000,
      });
      // Scripts and tools ask for a Bearer token; the browser keeps it only in the httpOnly cookie.
      return { operator: operatorView(operator), ...(body.bearer ? { token } : {}) };
    },
  }),
  adminRoute(sessionEndpoints.logout, {
    permission: 'operator',
    handler: async ({ db, operator, reply }) => {
      await operatorLogout(db, operator.sessionId);
      reply.clearCookie(OPERATOR_COOKIE, { path: '/api/admin' });
      return {};
    },
  }),
  // The back office shows only what the operator's role may do; the routes check it again.
  adminRoute(sessionEndpoints.me, {
    permission: 'operator',
    handler: async ({ db, operator }) => ({
      operator: operatorView(operator),
      permissions: [...ROLE_PERMISSIONS[operator.role]],
      sites: (await listSites(db)).map((site) => ({
        id: site.id,
        name: site.name,
        timezone: siteTimeZone(site.settings),
        currency: site.currency,
        isDefault: site.isDefault,
      })),
    }),
  }),
  adminRoute(sessionEndpoints.password, {
    permission: 'operator',
    handler: async ({ db, who, body }) => {
      await changeOperatorPassword(db, who, body);
      return {};
    },
  }),
  adminRoute(sessionEndpoints.language, {
    permission: 'operator',
    handler: async ({ db, operator, body }) => {
      await setOperatorLocale(db, operator.id, body.locale);
      return {};
    },
  }),
];
