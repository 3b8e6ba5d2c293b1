import { randomBytes } from 'node:crypto';
import { generateURI } from 'otplib';
import { operatorsEndpoints } from '../../../../shared/contract/admin/operators.ts';
import { errors } from '../../../http/errors.ts';
import { adminRoute } from '../admin-route.ts';
import { listOperators } from '../audit-query.service.ts';
import { audited } from '../audited.ts';
import { operatorRowView } from '../backoffice.presenter.ts';
import {
  endFailedLoginLock,
  liftOperatorCodeLock,
  operatorCodeLockedUntil,
} from '../operator-unlock.service.ts';
import { createOperator, setOperatorEnabled, setOperatorRole } from '../operators.service.ts';

/**
 * Owners add operators, change their roles and disable them (the first owner comes from
 * `npm run admin:create`).
 * A new operator's password and TOTP secret are shown once, to hand over; neither is audited.
 * The list feeds the audit screen's filter too, so it needs only audit.view.
 */
export const operatorsRoutes = [
  adminRoute(operatorsEndpoints.list, {
    permission: 'audit.view',
    handler: async ({ db, limits }) => ({
      operators: await Promise.all(
        (await listOperators(db)).map(async (row) => ({
          ...operatorRowView(row),
          codeLockedUntil: await operatorCodeLockedUntil(limits, row.id),
        })),
      ),
    }),
  }),
  adminRoute(operatorsEndpoints.create, {
    permission: 'settings.manage',
    handler: async ({ db, totpKeys, body, who }) => {
      const password = randomBytes(12).toString('base64url');
      const created = await audited(db, who, 'operators.create', async (tx) => {
        const made = await createOperator(tx, totpKeys.totpSecretKey, { ...body, password });
        return { target: `operator:${made.id}`, after: body, result: made };
      });
      return {
        operator: { id: created.id, login: body.login, role: body.role },
        password,
        totpSecret: created.totpSecret,
        otpauthUri: generateURI({ issuer: 'Royal Casino', label: body.login, secret: created.totpSecret }),
      };
    },
  }),
  adminRoute(operatorsEndpoints.setRole, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who }) => {
      // An owner demoting themselves could leave the site with no owner at all.
      if (params.id === who.operator.id) throw errors.conflict('an owner cannot change their own role');
      await audited(db, who, 'operators.role', async (tx) => {
        const before = await setOperatorRole(tx, { by: who.operator.id, id: params.id, role: body.role });
        if (!before) throw errors.notFound(`operator ${params.id}`);
        return { target: `operator:${params.id}`, before, after: { role: body.role }, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(operatorsEndpoints.access, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who }) => {
      // Disabling themselves would sign the owner out, and could leave the site with no owner at all.
      if (params.id === who.operator.id) throw errors.conflict('an owner cannot change their own access');
      await audited(db, who, body.enabled ? 'operators.enable' : 'operators.disable', async (tx) => {
        const before = await setOperatorEnabled(tx, { by: who.operator.id, id: params.id, ...body });
        if (!before) throw errors.notFound(`operator ${params.id}`);
        return {
          target: `operator:${params.id}`,
          before: { enabled: before.enabled },
          after: body,
          result: undefined,
          unchanged: before.unchanged,
        };
      });
      return {};
    },
  }),
  adminRoute(operatorsEndpoints.unlock, {
    permission: 'settings.manage',
    handler: async ({ db, limits, params, body, who }) => {
      // Another owner looks at why the operator was locked (someone may hold their password).
      if (params.id === who.operator.id) throw errors.conflict('an owner cannot lift their own lock');
      const codeLockedUntil = await operatorCodeLockedUntil(limits, params.id);
      // The audit entry is committed first: a lock is never lifted without its record.
      const wasLocked = await audited(db, who, 'operators.unlock', async (tx) => {
        const failedLogins = await endFailedLoginLock(tx, params.id);
        if (!failedLogins) throw errors.notFound(`operator ${params.id}`);
        const locked = failedLogins.lockedUntil !== null || codeLockedUntil !== null;
        return {
          target: `operator:${params.id}`,
          before: { lockedUntil: failedLogins.lockedUntil, codeLockedUntil },
          after: { lockedUntil: null, codeLockedUntil: null, reason: body.reason },
          result: locked,
          unchanged: !locked,
        };
      });
      if (codeLockedUntil !== null) await liftOperatorCodeLock(limits, params.id);
      return { wasLocked };
    },
  }),
];
