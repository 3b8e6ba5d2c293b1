import { z } from 'zod';
import { MEMBER_STATUSES, NOTE_TARGETS, ROUND_STATUSES, TICKET_KINDS } from '../../vocabulary.ts';
import { roundFields } from '../games-routes.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam, levelNumber } from './fields.ts';
import { readFrom } from './read-from.ts';

/** The member's ledger accounts; `vault` is the cash they set aside (shown to older front ends as `point`). */
const balances = z.object({ cash: z.number(), comp: z.number(), held: z.number(), vault: z.number() });

export const memberRow = z.object({
  id: z.number(),
  loginId: z.string(),
  nick: z.string(),
  level: z.number(),
  status: z.enum(MEMBER_STATUSES),
  createdAt: instantOut,
});

/** The member page: profile (never the password hash), balances and the latest of each list. */
const memberDetail = ok.extend({
  profile: memberRow.extend({
    siteId: z.number(),
    phone: z.string(),
    bankName: z.string(),
    bankOwner: z.string(),
    bankNumber: z.string(),
    referralCode: z.string(),
    referredBy: z.number().nullable(),
    isDemo: z.boolean(),
    lastLoginAt: instantOut.nullable(),
    lastLoginIp: z.string().nullable(),
  }),
  balances,
  /** ISO 4217: the member's currency (their site's); every amount on the page is in it. */
  currency: z.string(),
  statement: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      kind: z.string(),
      account: z.string(),
      amount: z.number(),
    }),
  ),
  bets: z.array(
    z.object({
      ...roundFields,
      status: z.enum(ROUND_STATUSES),
      openedAt: z.string(),
      closedAt: z.string().nullable(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(TICKET_KINDS),
      title: z.string(),
      contents: z.string(),
      status: z.string(),
      answer: z.string().nullable(),
      answeredBy: z.string().nullable(),
      answeredAt: instantOut.nullable(),
      readAt: instantOut.nullable(),
      hiddenByMember: z.boolean(),
      createdAt: instantOut,
    }),
  ),
  notes: z.array(
    z.object({
      id: z.number(),
      target: z.enum(NOTE_TARGETS),
      title: z.string(),
      contents: z.string(),
      sentBy: z.string(),
      createdAt: z.string().nullable(),
      readAt: z.string().nullable(),
      deletedAt: z.string().nullable(),
    }),
  ),
  /** What the member owes after sportsbook corrections took back money already spent, and its latest changes. */
  debt: z.object({
    owed: z.number(),
    entries: z.array(
      z.object({
        id: z.number(),
        amount: z.number(),
        provider: z.string(),
        roundId: z.string(),
        txId: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  logins: z.array(
    z.object({
      at: instantOut,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      lastSeenAt: instantOut,
      endedAt: instantOut.nullable(),
      expiresAt: instantOut,
    }),
  ),
});

/** Members: search, the member page, block, level, password reset and manual adjustments. */
export const membersEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/members',
    summary:
      'Members whose login, nick or phone contains q (three characters or more), or whose login, nick, phone or bank number starts with it (exact matches first, then those starting with q, then the newest; 50 at most)',
    query: z.object({ q: z.string().trim().max(64).default('') }),
    /** readFrom: the search may read a replica (DATABASE_REPLICA_URL); the screen shows its lag. */
    response: ok.extend({ members: z.array(memberRow), readFrom }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/members/:id',
    summary: 'The member page',
    params: idParam,
    response: memberDetail,
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/members/:id/status',
    summary: "Blocks (ending every session) or unblocks; a member's self-exclusion stays",
    params: idParam,
    body: z.object({ status: z.enum(['active', 'blocked']) }),
    response: ok,
  }),
  setLevel: endpoint({
    method: 'POST',
    path: '/members/:id/level',
    summary: "Sets the member's level",
    params: idParam,
    body: z.object({ level: levelNumber }),
    response: ok,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/members/:id/reset-password',
    summary: 'A new random password, shown once; the member is signed out',
    params: idParam,
    response: ok.extend({ password: z.string() }),
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/members/:id/adjust',
    summary:
      "A manual correction of the member's cash with a reason, idempotent by its key (required: the screen makes one per intended adjustment): the same key and body again answers as the first time and moves nothing; the key with another amount, direction, member or reason is refused (409 duplicate)",
    params: idParam,
    body: z.object({
      amount: z
        .number()
        .int()
        .refine((n) => n !== 0 && Math.abs(n) <= 1e12, 'a non-zero amount'),
      reason: z.string().trim().min(3, 'a reason is required').max(500),
      /**
       * Required: it makes a double click, a retry or a replayed request one adjustment. 8 to 64
       * characters without spaces (the screen sends a UUID).
       */
      key: z
        .string({ error: 'an idempotency key is required' })
        .regex(/^[\x21-\x7e]{8,64}$/, 'an idempotency key of 8 to 64 characters without spaces'),
    }),
    response: ok.extend({ balances }),
  }),
} as const;
