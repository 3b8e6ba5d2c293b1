import { cashierEndpoints } from '../../../../shared/contract/admin/cashier.ts';
import { errors } from '../../../http/errors.ts';
import { decideRequest, pendingRequests } from '../../cashier/cashier-queue.service.ts';
import { adminRoute } from '../admin-route.ts';

/** The cashier queue: pending deposits and withdrawals, approved or rejected through the ledger. */
export const cashierRoutes = [
  adminRoute(cashierEndpoints.pending, {
    permission: 'cashier.view',
    touch: false,
    handler: async ({ db, query }) => ({ ...(await pendingRequests(db, query)) }),
  }),
  adminRoute(cashierEndpoints.decide, {
    permission: 'cashier.decide',
    handler: async ({ db, operator, params, body, request }) => {
      if (params.decision === 'reject' && !body.reason) throw errors.invalid('a rejection needs a reason');
      const decided = await decideRequest(db, operator, {
        kind: params.kind,
        id: params.id,
        approve: params.decision === 'approve',
        reason: body.reason,
        ip: request.ip,
      });
      return { request: { id: decided.id, status: decided.status } };
    },
  }),
];
