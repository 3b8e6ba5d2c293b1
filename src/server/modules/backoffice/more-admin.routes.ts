import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG, STATUS } from '../../../shared/messages.ts';
import { ApiError, invalid } from '../../http/api-error.ts';
import { createBanner, createNotice, createPopup } from '../content/content.service.ts';
import { openRounds } from '../games/bets.service.ts';
import { gameVendors } from '../games/games.schema.ts';
import { sendNote } from '../inbox/notes.service.ts';
import { answerTicket } from '../support/help-tickets.service.ts';
import { helpTickets } from '../support/support.schema.ts';
import type { AdminRoute } from './admin.routes.ts';
import { parseInput } from './admin-input.ts';
import { appendAudit } from './audit.service.ts';
import {
  adjustBalance,
  memberDetail,
  resetMemberPassword,
  searchMembers,
  setMemberLevel,
  setMemberStatus,
} from './members-admin.service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Members, support, notes, content and games: the rest of the back office's API. */
export const MORE_ADMIN_ROUTES: AdminRoute[] = [
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
  {
    method: 'GET',
    url: '/api/admin/support/tickets',
    permission: 'support.answer',
    handler: async ({ db }) => ({
      status: 'success',
      tickets: await db
        .select()
        .from(helpTickets)
        .where(eq(helpTickets.status, 'wait'))
        .orderBy(asc(helpTickets.id))
        .limit(200),
    }),
  },
  {
    method: 'POST',
    url: '/api/admin/support/tickets/:id/answer',
    permission: 'support.answer',
    handler: async ({ db, request, operator }) => {
      const { answer } = parseInput(z.object({ answer: z.string().trim().min(1).max(5000) }), request.body);
      const id = parseInput(idParam, request.params).id;
      const ticket = await answerTicket(db, id, operator.login, answer);
      await appendAudit(db, {
        operatorId: operator.id,
        operatorLogin: operator.login,
        action: 'support.answer',
        target: `ticket:${id}`,
        after: { answer },
        ip: request.ip,
      });
      return { status: 'success', ticket: { id: ticket.id, status: ticket.status } };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/notes',
    permission: 'notes.send',
    handler: async ({ db, request, operator }) => {
      const body = parseInput(
        z.object({
          target: z.enum(['member', 'level', 'all']),
          memberId: z.number().int().positive().optional(),
          level: z.number().int().min(1).max(20).optional(),
          title: z.string().trim().min(1).max(100),
          contents: z.string().trim().min(1).max(5000),
        }),
        request.body,
      );
      if ((body.target === 'member' && !body.memberId) || (body.target === 'level' && !body.level))
        throw invalid('name the member or level');
      const note = await sendNote(db, { ...body, sentBy: operator.login });
      await appendAudit(db, {
        operatorId: operator.id,
        operatorLogin: operator.login,
        action: 'notes.send',
        target: `note:${note.id}`,
        after: body,
        ip: request.ip,
      });
      return { status: 'success', noteId: note.id };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/content/:kind',
    permission: 'content.manage',
    handler: async ({ db, request, operator }) => {
      const { kind } = parseInput(z.object({ kind: z.enum(['notice', 'popup', 'banner']) }), request.params);
      const text = z.string().trim().min(1).max(20_000);
      const domain = z.string().max(500).optional();
      let id: number;
      if (kind === 'notice') {
        id = (
          await createNotice(db, parseInput(z.object({ title: text, contents: text, domain }), request.body))
        ).id;
      } else if (kind === 'popup') {
        const body = parseInput(
          z.object({
            title: text,
            contents: text,
            titleColor: z
              .string()
              .regex(/^#[0-9a-fA-F]{6}$/)
              .optional(),
            posX: z.number().int().min(0).max(4000).optional(),
            posY: z.number().int().min(0).max(4000).optional(),
            domain,
          }),
          request.body,
        );
        id = (await createPopup(db, body)).id;
      } else {
        const body = parseInput(
          z.object({
            type: z.enum(['home', 'jackpot']),
            title: text,
            text: z.string().max(500).optional(),
            amount: z.number().int().nonnegative().optional(),
            domain,
          }),
          request.body,
        );
        id = (await createBanner(db, body)).id;
      }
      await appendAudit(db, {
        operatorId: operator.id,
        operatorLogin: operator.login,
        action: `content.${kind}.create`,
        target: `${kind}:${id}`,
        after: request.body,
        ip: request.ip,
      });
      return { status: 'success', id };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/games/vendors/:code',
    permission: 'games.manage',
    handler: async ({ db, request, operator }) => {
      const { code } = parseInput(z.object({ code: z.string().max(64) }), request.params);
      const body = parseInput(
        z.object({
          used: z.enum(['y', 'n']).optional(),
          maintenance: z.boolean().optional(),
          sortOrder: z.number().int().optional(),
        }),
        request.body,
      );
      const [before] = await db.select().from(gameVendors).where(eq(gameVendors.code, code));
      if (!before) throw new ApiError(404, STATUS.notFound, MSG.notFound, `no vendor ${code}`);
      await db.update(gameVendors).set(body).where(eq(gameVendors.code, code));
      await appendAudit(db, {
        operatorId: operator.id,
        operatorLogin: operator.login,
        action: 'games.vendor',
        target: `vendor:${code}`,
        before: { used: before.used, maintenance: before.maintenance, sortOrder: before.sortOrder },
        after: body,
        ip: request.ip,
      });
      return { status: 'success' };
    },
  },
  {
    method: 'GET',
    url: '/api/admin/games/open-rounds',
    permission: 'games.manage',
    handler: async ({ db }) => ({ status: 'success', rounds: await openRounds(db) }),
  },
];
