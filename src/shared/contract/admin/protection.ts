import { z } from 'zod';
import { PROTECTION_KINDS, PROTECTION_STATES } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam } from './fields.ts';

export const PROTECTION_EVENTS = ['break', 'exclusion', 'ended', 'lift_requested', 'lifted'] as const;

/** A member's break or self-exclusion now, and its history as events (newest first). */
const memberProtection = ok.extend({
  current: z.object({
    state: z.enum(PROTECTION_STATES),
    kind: z.enum(PROTECTION_KINDS).nullable(),
    endsAt: instantOut.nullable(),
    liftsAt: instantOut.nullable(),
  }),
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

/** Player protection in the back office: read-only (operators cannot shorten a member's choice). */
export const protectionEndpoints = {
  member: endpoint({
    method: 'GET',
    path: '/members/:id/protection',
    summary: "The member's break or self-exclusion and its events (set, ended, asked to lift, lifted)",
    params: idParam,
    response: memberProtection,
  }),
} as const;
