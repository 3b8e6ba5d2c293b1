import { z } from 'zod';
import {
  DEBT_CAUSES,
  MEMBER_STATUSES,
  NOTE_TARGETS,
  ROUND_STATUSES,
  TICKET_KINDS,
} from '../../vocabulary.ts';
import { roundFields } from '../games-routes.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam, levelNumber, operatorReason } from './fields.ts';
import { readFrom } from './read-from.ts';

/** The member's ledger accounts; `vault` is the cash they set aside (shown to older front ends as `point`). */
const balances = z.object({ cash: z.number(), comp: z.number(), held: z.number(), vault: z.number() });

export const memberRow = z.object({
  id: z.number(),
  /** The member's site (brand): operators see every site's members. */
  siteId: z.number(),
  loginId: z.string(),
  nick: z.string(),
  level: z.number(),
  status: z.enum(MEMBER_STATUSES),
  createdAt: instantOut,
});

/** The member page: profile (never the password hash), balances and the latest of each list. */
const memberDetail = ok.extend({
  profile: memberRow.extend({
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
  /**
   * What the member owes after corrections took back money already spent, since when (null when
   * nothing), and its latest changes: `cause` says what made each (a correction of the provider's round,
   * a later credit that collected it, an operator's write-off or collection from cash, with their reason).
   */
  debt: z.object({
    owed: z.number(),
    openedAt: instantOut.nullable(),
    entries: z.array(
      z.object({
        id: z.number(),
        amount: z.number(),
        cause: z.enum(DEBT_CAUSES),
        provider: z.string(),
        roundId: z.string(),
        txId: z.string(),
        reason: z.string().nullable(),
        operator: z.string().nullable(),
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

/** The operator's idempotency key: 8 to 64 characters without spaces (the screen sends a UUID). */
const operatorKey = z
  .string({ error: 'an idempotency key is required' })
  .regex(/^[\x21-\x7e]{8,64}$/, 'an idempotency key of 8 to 64 characters without spaces');

/** What an action on a member's debt did (its first outcome again on a repeat), and the balances after. */
const debtActionReply = ok.extend({
  kind: z.enum(['write_off', 'cash']),
  amount: z.number(),
  owedBefore: z.number(),
  owedAfter: z.number(),
  balances,
});

/** Members: search, the member page, block, level, password reset, manual adjustments and debts. */
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
      "A manual correction of the member's cash with a reason, idempotent by its key (required: the screen makes one per intended adjustment): the same key and body again answers as the first time and moves nothing; the key with another amount, direction, member or reason is refused (409 duplicate). A debit is refused while the member owes a debt (409 debt, owed): collect the debt from cash or write it off instead",
    params: idParam,
    body: z.object({
      amount: z
        .number()
        .int()
        .refine((n) => n !== 0 && Math.abs(n) <= 1e12, 'a non-zero amount'),
      reason: operatorReason,
      /** Required: it makes a double click, a retry or a replayed request one adjustment. */
      key: operatorKey,
    }),
    response: ok.extend({ balances }),
  }),
  writeOffDebt: endpoint({
    method: 'POST',
    path: '/members/:id/debt/write-off',
    summary:
      "Writes off the member's open debt: the house absorbs it, no money moves and the member's balances stay as they are; withdrawals are possible again. A later correction of a written-off round in the member's favour restores that round's write-off first (the member receives only what goes beyond it). A reason and an idempotency key are required: the same key and body again answers as the first time; the key with another member, action or reason is refused (409 duplicate). Nothing owed: 409 already",
    params: idParam,
    body: z.object({ reason: operatorReason, key: operatorKey }),
    response: debtActionReply,
  }),
  collectDebt: endpoint({
    method: 'POST',
    path: '/members/:id/debt/collect',
    summary:
      "Pays the member's open debt from their cash, as much as it holds (never below zero), as a win's collection does (cash to game revenue; a chargeback's debt to the house's deposits). A reason and an idempotency key are required, as for a write-off. Nothing owed: 409 already; no cash: 409 balance",
    params: idParam,
    body: z.object({ reason: operatorReason, key: operatorKey }),
    response: debtActionReply,
  }),
} as const;
