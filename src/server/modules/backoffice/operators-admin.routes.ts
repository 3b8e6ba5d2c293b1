import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateURI } from 'otplib';
import { z } from 'zod';
import { MSG, STATUS } from '../../../shared/messages.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AdminRoute } from './admin.routes.ts';
import { idParam, notFound } from './admin-fields.ts';
import { parseInput } from './admin-input.ts';
import { audited } from './audited.ts';
import { OPERATOR_ROLES, operators } from './backoffice.schema.ts';
import { createOperator, OPERATOR_LOGIN } from './operators.service.ts';

const conflict = (message: string) => new ApiError(409, STATUS.already, MSG.failure, message);

/**
 * Owners add operators and change their roles (the first owner comes from `npm run admin:create`).
 * A new operator's password and TOTP secret are shown once, to hand over; neither is audited.
 */
export const OPERATORS_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'POST',
    url: '/api/admin/operators',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const input = parseInput(
        z.object({
          login: z.string().regex(OPERATOR_LOGIN, 'a login of 3-32 lower-case letters, digits, _ or -'),
          role: z.enum(OPERATOR_ROLES),
        }),
        request.body,
      );
      const password = randomBytes(12).toString('base64url');
      const created = await audited(db, { operator, ip: request.ip }, 'operators.create', async (tx) => {
        const [taken] = await tx
          .select({ id: operators.id })
          .from(operators)
          .where(eq(operators.login, input.login));
        if (taken) throw conflict(`the login ${input.login} is taken`);
        const made = await createOperator(tx, { ...input, password });
        return { target: `operator:${made.id}`, after: input, result: made };
      });
      return {
        status: 'success',
        operator: { id: created.id, ...input },
        password,
        totpSecret: created.totpSecret,
        otpauthUri: generateURI({ issuer: 'Royal Casino', label: input.login, secret: created.totpSecret }),
      };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/operators/:id/role',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const { id } = parseInput(idParam, request.params);
      const { role } = parseInput(z.object({ role: z.enum(OPERATOR_ROLES) }), request.body);
      // An owner demoting themselves could leave the site with no owner at all.
      if (id === operator.id) throw conflict('an owner cannot change their own role');
      await audited(db, { operator, ip: request.ip }, 'operators.role', async (tx) => {
        const [before] = await tx
          .select({ role: operators.role })
          .from(operators)
          .where(eq(operators.id, id))
          .for('update');
        if (!before) throw notFound(`operator ${id}`);
        await tx.update(operators).set({ role }).where(eq(operators.id, id));
        return { target: `operator:${id}`, before, after: { role }, result: undefined };
      });
      return { status: 'success' };
    },
  },
];
