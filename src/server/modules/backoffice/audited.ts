import type { Db, Tx } from '../../db/client.ts';
import { appendAudit } from './audit.service.ts';
import type { Operator } from './operators.service.ts';

export interface Who {
  operator: Operator;
  ip: string;
}

export interface AuditedChange<T> {
  target: string;
  before?: unknown;
  after?: unknown;
  result: T;
  /** True when the call was a repeat that changed nothing: no audit entry is written for it. */
  unchanged?: boolean;
}

/**
 * Runs an operator's change and its audit entry in one transaction: both are written or neither
 * (a repeat that changed nothing is not logged again).
 */
export function audited<T>(
  db: Db,
  who: Who,
  action: string,
  change: (tx: Tx) => Promise<AuditedChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { target, before, after, result, unchanged } = await change(tx);
    if (unchanged) return result;
    await appendAudit(tx, {
      operatorId: who.operator.id,
      operatorLogin: who.operator.login,
      action,
      target,
      before,
      after,
      ip: who.ip,
    });
    return result;
  });
}
