import { z } from 'zod';
import { CASH_REQUEST_KINDS, CASH_REQUEST_STATUSES, MEMBER_STATUSES } from '../../vocabulary.ts';
import { endpoint, ok } from './endpoint.ts';
import { idParam, idText, optionalQuery } from './fields.ts';

const cashTotals = z.object({ count: z.number(), total: z.number() });
export const pendingRequest = z.object({
  id: z.number(),
  kind: z.enum(CASH_REQUEST_KINDS),
  amount: z.number(),
  /** ISO 4217: the member's currency, which the amount and the history are in. */
  currency: z.string(),
  status: z.enum(CASH_REQUEST_STATUSES),
  createdAt: z.string(),
  member: z.object({
    id: z.number(),
    /** The member's site (brand), whose deposit accounts and desks the request is of. */
    siteId: z.number(),
    loginId: z.string(),
    nick: z.string(),
    level: z.number(),
    status: z.enum(MEMBER_STATUSES),
    bankName: z.string(),
    bankOwner: z.string(),
    bankNumber: z.string(),
  }),
  /** Done deposits and withdrawals; `reversals`: deposits among them their payment provider reversed (chargebacks). */
  history: z.object({ deposits: cashTotals, withdrawals: cashTotals, reversals: cashTotals }),
  /**
   * Beside a withdrawal: the member's password set without the current one, or bank account changed,
   * from 72 hours before the request on (a stolen session's way to the money). Empty for deposits.
   */
  accountChanges: z.array(z.object({ what: z.enum(['password', 'bank']), at: z.string() })),
});

/** The cashier queue and its decisions. */
export const cashierEndpoints = {
  pending: endpoint({
    method: 'GET',
    path: '/cashier/pending',
    summary:
      'Pending deposits and withdrawals (or one kind), oldest first, a page at a time (after: the last id seen), with the member, their history and how many of each kind wait',
    query: z.object({
      kind: optionalQuery(z.enum(CASH_REQUEST_KINDS)),
      after: optionalQuery(idText),
      limit: optionalQuery(z.coerce.number().int().min(1).max(200)),
    }),
    response: ok.extend({
      requests: z.array(pendingRequest),
      /** Every pending request, not only this page's. */
      waiting: z.object({ deposits: z.number(), withdrawals: z.number() }),
    }),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/cashier/:kind/:id/:decision',
    summary:
      'Approves or rejects a request (a rejection needs a reason); money moves through the ledger. A withdrawal is not approved while its member owes a debt (409 `debt`, the amount in `owed`)',
    params: z.object({
      kind: z.enum(CASH_REQUEST_KINDS),
      id: idParam.shape.id,
      decision: z.enum(['approve', 'reject']),
    }),
    body: z.object({ reason: z.string().trim().max(500).optional() }),
    response: ok.extend({ request: z.object({ id: z.number(), status: z.enum(CASH_REQUEST_STATUSES) }) }),
  }),
} as const;
