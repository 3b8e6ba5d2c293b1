import { z } from 'zod';
import { anyJson, endpoint, ok } from './endpoint.ts';
import { idParam } from './fields.ts';

/**
 * Desk actions waiting for a second operator (the book's `confirmResults`): an unsettle or a void of a
 * market with a confirmed result, a bet's cancel, a cancel window or the desk's rollback of one reaching
 * money settled or in play.
 */
export const PROPOSAL_KINDS = ['unsettle', 'void', 'cancel_bet', 'cancel_window', 'rollback_cancel'] as const;

export const deskProposal = z.object({
  id: z.number(),
  kind: z.enum(PROPOSAL_KINDS),
  /** What it acts on, as the audit log names it (`sb-market:12`, `sb-bet:5`, `sb-event:3`). */
  target: z.string(),
  marketId: z.number().nullable(),
  betId: z.number().nullable(),
  eventId: z.number().nullable(),
  eventName: z.string().nullable(),
  marketName: z.string().nullable(),
  /** A cancel window's times, market, selection and corrected price; a void's source. */
  detail: anyJson,
  reason: z.string(),
  proposedBy: z.number(),
  createdAt: z.string(),
});

const decision = ok.extend({ kind: z.enum(PROPOSAL_KINDS), settled: z.number() });

export const sportsProposalEndpoints = {
  proposals: endpoint({
    method: 'GET',
    path: '/sports/proposals',
    summary: 'Desk actions on settled money waiting for a second operator, oldest first',
    response: ok.extend({ proposals: z.array(deskProposal) }),
  }),
  confirmProposal: endpoint({
    method: 'POST',
    path: '/sports/proposals/:id/confirm',
    summary:
      'A second operator confirms a waiting desk action (not its proposer): it is done, its bets settle',
    params: idParam,
    response: decision,
  }),
  rejectProposal: endpoint({
    method: 'POST',
    path: '/sports/proposals/:id/reject',
    summary: 'Rejects a waiting desk action (its proposer withdraws it): nothing moves',
    params: idParam,
    response: decision,
  }),
} as const;
