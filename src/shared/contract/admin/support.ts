import { z } from 'zod';
import { TICKET_KINDS } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam } from './fields.ts';

const detail = z.string().trim().min(1).max(100);

export const supportTicket = z.object({
  id: z.number(),
  /** The site (brand) it was written on: its member's, or the host a guest wrote from. */
  siteId: z.number(),
  kind: z.enum(TICKET_KINDS),
  title: z.string(),
  contents: z.string(),
  status: z.string(),
  /** Guests leave a name and a way to reach them instead of a member. */
  guestName: z.string().nullable(),
  guestContact: z.string().nullable(),
  createdAt: instantOut,
  member: z.object({ loginId: z.string(), nick: z.string() }).nullable(),
});

export const accountRequest = z.object({
  id: z.number(),
  siteId: z.number(),
  createdAt: instantOut,
  member: z.object({
    id: z.number(),
    loginId: z.string(),
    nick: z.string(),
    level: z.number(),
    bankName: z.string(),
    bankOwner: z.string(),
  }),
});

/** Support: the ticket queue and answers, account requests answered with the deposit account. */
export const supportEndpoints = {
  tickets: endpoint({
    method: 'GET',
    path: '/support/tickets',
    summary: 'Waiting help tickets, the oldest 200, and how many wait (polled; not counted as activity)',
    query: z.object({ kind: z.enum(TICKET_KINDS).optional() }),
    response: ok.extend({ tickets: z.array(supportTicket), waiting: z.number() }),
  }),
  answerTicket: endpoint({
    method: 'POST',
    path: '/support/tickets/:id/answer',
    summary: 'Answers a help ticket; a second answer is refused with who answered first',
    params: idParam,
    body: z.object({ answer: z.string().trim().min(1).max(5000) }),
    response: ok.extend({ ticket: z.object({ id: z.number(), status: z.string() }) }),
  }),
  accountRequests: endpoint({
    method: 'GET',
    path: '/support/account-requests',
    summary: 'Open requests for the deposit account (polled; not counted as activity)',
    response: ok.extend({ requests: z.array(accountRequest) }),
  }),
  answerAccountRequest: endpoint({
    method: 'POST',
    path: '/support/account-requests/:id/answer',
    summary: 'Answers an account request with the deposit account',
    params: idParam,
    body: z.object({
      bank: detail,
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9][0-9 -]{3,39}$/, 'an account number of digits, spaces or dashes'),
      holder: detail,
      note: z.string().trim().max(1000).optional(),
    }),
    response: ok.extend({
      ticket: z.object({ id: z.number(), status: z.string(), answer: z.string().nullable() }),
    }),
  }),
} as const;
