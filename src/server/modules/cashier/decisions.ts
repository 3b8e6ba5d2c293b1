import type { DbOrTx } from '../../db/client.ts';
import { type ApiError, errors } from '../../http/errors.ts';
import { type CashRequest, decidePending, findCashRequest } from './cash-requests.repo.ts';
import type { CashRequestKind } from './cashier.schema.ts';
import { BY_EXPIRY, BY_MEMBER } from './deciders.ts';

/** The stored status words as an operator says them. */
const DECIDED_AS: Record<string, string> = { already: 'approved', cansel: 'rejected' };

/** The system deciders as an operator reads them. */
const DECIDER_AS: Record<string, string> = { [BY_MEMBER]: 'the member', [BY_EXPIRY]: 'payment expiry' };

/** The error for a decision on a request that is not pending: the loser of a race learns who won. */
export async function notPending(tx: DbOrTx, id: number, kind: CashRequestKind): Promise<ApiError> {
  const current = await findCashRequest(tx, id);
  if (!current || current.kind !== kind) {
    return errors.notFound(`${kind} request ${id}`);
  }
  const outcome = DECIDED_AS[current.status] ?? current.status;
  const by = current.decidedBy ? ` by ${DECIDER_AS[current.decidedBy] ?? current.decidedBy}` : '';
  return errors.conflict(`this ${kind} was already ${outcome}${by}`, {
    current: { status: current.status, decidedBy: current.decidedBy, decidedAt: current.decidedAt },
  });
}

/** Who decided: an operator's name, or a payment provider's for automatic decisions. */
export interface Decider {
  by: string;
  reason?: string;
}

/**
 * A decider's decision on a pending request, inside the caller's transaction: the request as decided
 * when this caller won, else the error that says who decided it first (or that there is no such request).
 */
export async function decideOrExplain(
  tx: DbOrTx,
  id: number,
  kind: CashRequestKind,
  status: 'already' | 'cansel',
  decider: Decider,
): Promise<CashRequest> {
  const request = await decidePending(tx, id, kind, {
    status,
    decidedBy: decider.by,
    reason: decider.reason,
  });
  if (!request) throw await notPending(tx, id, kind);
  return request;
}
