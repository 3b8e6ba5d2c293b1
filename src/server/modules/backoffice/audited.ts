import type { Db, Tx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
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
      operatorRole: who.operator.role,
      action,
      target,
      before,
      after,
      ip: who.ip,
    });
    return result;
  });
}

/**
 * An operator's edit of one existing row, audited with the row before and after: `edit` answers
 * undefined when there is no such row, a 404 for `missing` (e.g. `game 7`). Resolves to the row after.
 */
export function auditedEdit<T>(
  db: Db,
  who: Who,
  action: string,
  row: { target: string; missing: string },
  edit: (tx: Tx) => Promise<{ before: unknown; after: T } | undefined>,
): Promise<T> {
  return audited(db, who, action, async (tx) => {
    const changed = await edit(tx);
    if (!changed) throw errors.notFound(row.missing);
    return { target: row.target, before: changed.before, after: changed.after, result: changed.after };
  });
}

/**
 * The operator's audit entries for a service that writes them itself, in the transaction of the change
 * it records (a desk proposal and its decision, which may be written deep inside a settlement step).
 */
export const auditIn =
  (who: Who) =>
  (tx: Tx, entry: { action: string; target: string; after: unknown }): Promise<void> =>
    appendAudit(tx, {
      operatorId: who.operator.id,
      operatorLogin: who.operator.login,
      operatorRole: who.operator.role,
      ip: who.ip,
      ...entry,
    });
