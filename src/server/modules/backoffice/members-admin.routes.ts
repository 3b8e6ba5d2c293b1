import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AdminRoute } from './admin.routes.ts';
import { idParam } from './admin-fields.ts';
import { parseInput } from './admin-input.ts';
import {
  adjustBalance,
  memberDetail,
  resetMemberPassword,
  searchMembers,
  setMemberLevel,
  setMemberStatus,
} from './members-admin.service.ts';

/** Members: search, the member page, block, level, password reset and manual adjustments. */
export const MEMBER_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/members',
    permission: 'members.view',
    handler: async ({ db, request }) => {
      const { q } = parseInput(z.object({ q: z.string().trim().max(64).default('') }), request.query);
      return { status: 'success', members: await searchMembers(db, q) };
    },
  },
  {
    method: 'GET',
    url: '/api/admin/members/:id',
    permission: 'members.view',
    handler: async ({ db, request }) => ({
      status: 'success',
      ...(await memberDetail(db, parseInput(idParam, request.params).id)),
    }),
  },
  {
    method: 'POST',
    url: '/api/admin/members/:id/status',
    permission: 'members.manage',
    handler: async ({ db, request, operator }) => {
      const { status } = parseInput(z.object({ status: z.enum(['active', 'blocked']) }), request.body);
      await setMemberStatus(db, parseInput(idParam, request.params).id, status, { operator, ip: request.ip });
      return { status: 'success' };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/members/:id/level',
    permission: 'members.manage',
    handler: async ({ db, request, operator }) => {
      const { level } = parseInput(z.object({ level: z.number().int().min(1).max(20) }), request.body);
      await setMemberLevel(db, parseInput(idParam, request.params).id, level, { operator, ip: request.ip });
      return { status: 'success' };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/members/:id/reset-password',
    permission: 'members.manage',
    handler: async ({ db, request, operator }) => ({
      status: 'success',
      password: await resetMemberPassword(db, parseInput(idParam, request.params).id, {
        operator,
        ip: request.ip,
      }),
    }),
  },
  {
    method: 'POST',
    url: '/api/admin/members/:id/adjust',
    permission: 'members.manage',
    handler: async ({ db, request, operator }) => {
      const body = parseInput(
        z.object({
          amount: z
            .number()
            .int()
            .refine((n) => n !== 0 && Math.abs(n) <= 1e12, 'a non-zero amount'),
          reason: z.string().trim().min(3, 'a reason is required').max(500),
          key: z.string().max(64).optional(),
        }),
        request.body,
      );
      const balances = await adjustBalance(
        db,
        parseInput(idParam, request.params).id,
        { ...body, key: body.key ?? randomUUID() },
        { operator, ip: request.ip },
      );
      return { status: 'success', balances };
    },
  },
];
