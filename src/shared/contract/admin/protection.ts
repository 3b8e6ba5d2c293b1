import { z } from 'zod';
import { LIMIT_KINDS, LIMIT_PERIODS, PROTECTION_KINDS, PROTECTION_STATES } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam } from './fields.ts';

/** What happened to a member's limit (protection_limit_changes.action). */
export const LIMIT_ACTIONS = [
  'set',
  'decreased',
  'increase_requested',
  'remove_requested',
  'pending_cancelled',
  'increased',
  'removed',
] as const;

export const PROTECTION_EVENTS = ['break', 'exclusion', 'ended', 'lift_requested', 'lifted'] as const;

/** A member's break or self-exclusion now, and its history as events (newest first). */
const memberProtection = ok.extend({
  current: z.object({
    state: z.enum(PROTECTION_STATES),
    kind: z.enum(PROTECTION_KINDS).nullable(),
    endsAt: instantOut.nullable(),
    liftsAt: instantOut.nullable(),
  }),
  /** The member's limits now (amounts in minor units; minutes for the session time limit). */
  limits: z.array(
    z.object({
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      amount: z.number(),
      pendingAmount: z.number().nullable(),
      pendingRemove: z.boolean(),
      pendingFrom: instantOut.nullable(),
    }),
  ),
  /** Every change of a limit, newest first (at most 100). */
  limitHistory: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      action: z.enum(LIMIT_ACTIONS),
      amount: z.number().nullable(),
      previous: z.number().nullable(),
      at: instantOut,
    }),
  ),
  /** Limit hits (once per limit and period) and reality check answers, newest first (at most 100). */
  protectionEvents: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['limit_hit', 'reality_check']),
      at: instantOut,
      /** limit_hit: limit, period, amount, used, resetsAt; reality_check: choice, where, minutesPlayed, net. */
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
  events: z.array(
    z.object({
      periodId: z.number(),
      event: z.enum(PROTECTION_EVENTS),
      at: instantOut,
      /** The period's end (null: permanent). */
      endsAt: instantOut.nullable(),
    }),
  ),
});

/**
 * Player protection in the back office: read-only. Operators cannot shorten a member's break or
 * loosen their limits: no endpoint changes either.
 */
export const protectionEndpoints = {
  member: endpoint({
    method: 'GET',
    path: '/members/:id/protection',
    summary:
      "The member's break or self-exclusion and its events, their limits with each change, limit hits and reality check answers",
    params: idParam,
    response: memberProtection,
  }),
} as const;
