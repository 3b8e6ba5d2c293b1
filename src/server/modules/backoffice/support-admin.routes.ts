import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { invalid } from '../../http/api-error.ts';
import { members } from '../accounts/accounts.schema.ts';
import { sendNote } from '../inbox/notes.service.ts';
import { answerAccountRequest, pendingAccountRequests } from '../support/account-requests-admin.service.ts';
import { answerTicket } from '../support/help-tickets.service.ts';
import { helpTickets, TICKET_KINDS } from '../support/support.schema.ts';
import type { AdminRoute } from './admin.routes.ts';
import { idParam, notFound } from './admin-fields.ts';
import { parseInput } from './admin-input.ts';
import { audited } from './audited.ts';

const detail = z.string().trim().min(1).max(100);

/** Support: the ticket queue and answers, account requests answered with the deposit account, notes. */
export const SUPPORT_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/support/tickets',
    permission: 'support.answer',
    touch: false,
    handler: async ({ db, request }) => {
      const { kind } = parseInput(z.object({ kind: z.enum(TICKET_KINDS).optional() }), request.query);
      const rows = await db
        .select({ ticket: helpTickets, member: { loginId: members.loginId, nick: members.nick } })
        .from(helpTickets)
        .leftJoin(members, eq(members.id, helpTickets.memberId))
        .where(and(eq(helpTickets.status, 'wait'), kind ? eq(helpTickets.kind, kind) : undefined))
        .orderBy(asc(helpTickets.id))
        .limit(200);
      return { status: 'success', tickets: rows.map((r) => ({ ...r.ticket, member: r.member })) };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/support/tickets/:id/answer',
    permission: 'support.answer',
    handler: async ({ db, request, operator }) => {
      const { answer } = parseInput(z.object({ answer: z.string().trim().min(1).max(5000) }), request.body);
      const id = parseInput(idParam, request.params).id;
      const ticket = await audited(db, { operator, ip: request.ip }, 'support.answer', async (tx) => {
        const [asked] = await tx
          .select({ kind: helpTickets.kind })
          .from(helpTickets)
          .where(eq(helpTickets.id, id));
        if (asked?.kind === 'account')
          throw invalid('answer an account request with the deposit account form');
        return {
          target: `ticket:${id}`,
          after: { answer },
          result: await answerTicket(tx, id, operator.login, answer),
        };
      });
      return { status: 'success', ticket: { id: ticket.id, status: ticket.status } };
    },
  },
  {
    method: 'GET',
    url: '/api/admin/support/account-requests',
    permission: 'support.answer',
    touch: false,
    handler: async ({ db }) => ({ status: 'success', requests: await pendingAccountRequests(db) }),
  },
  {
    method: 'POST',
    url: '/api/admin/support/account-requests/:id/answer',
    permission: 'support.answer',
    handler: async ({ db, request, operator }) => {
      const id = parseInput(idParam, request.params).id;
      const account = parseInput(
        z.object({
          bank: detail,
          accountNumber: z
            .string()
            .trim()
            .regex(/^[0-9][0-9 -]{3,39}$/, 'an account number of digits, spaces or dashes'),
          holder: detail,
          note: z.string().trim().max(1000).optional(),
        }),
        request.body,
      );
      const ticket = await audited(db, { operator, ip: request.ip }, 'support.account_answer', async (tx) => {
        const answered = await answerAccountRequest(tx, id, operator.login, account);
        return { target: `ticket:${id}`, after: account, result: answered };
      });
      return { status: 'success', ticket: { id: ticket.id, status: ticket.status, answer: ticket.answer } };
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
          memberId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
          level: z.number().int().min(1).max(20).optional(),
          title: z.string().trim().min(1).max(100),
          contents: z.string().trim().min(1).max(5000),
        }),
        request.body,
      );
      if ((body.target === 'member' && !body.memberId) || (body.target === 'level' && !body.level))
        throw invalid('name the member or level');
      const noteId = await audited(db, { operator, ip: request.ip }, 'notes.send', async (tx) => {
        if (body.memberId && body.target === 'member') {
          const [member] = await tx
            .select({ id: members.id })
            .from(members)
            .where(eq(members.id, body.memberId));
          if (!member) throw notFound(`member ${body.memberId}`);
        }
        const note = await sendNote(tx, { ...body, sentBy: operator.login });
        return { target: `note:${note.id}`, after: body, result: note.id };
      });
      return { status: 'success', noteId };
    },
  },
];
