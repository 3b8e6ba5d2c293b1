import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AttemptLimits } from '../accounts/attempt-limits.ts';
import { clearCodeLock, codeLockedUntil, operatorCodeKey } from '../accounts/second-factor-limit.ts';
import { operators } from './backoffice.schema.ts';

/** Until when the operator's second step is locked (5 wrong codes of the day), or null. */
export const operatorCodeLockedUntil = (limits: AttemptLimits, operatorId: number) =>
  codeLockedUntil(operatorCodeKey(limits, operatorId));

/**
 * Ends the operator's lock of failed logins (15 minutes) if it is on, in `tx`: what it was, or
 * undefined when there is no such operator. The day's code lock lives in the attempt limits and is
 * lifted after the audit entry is committed (liftOperatorCodeLock).
 */
export async function endFailedLoginLock(tx: DbOrTx, operatorId: number) {
  const [row] = await tx
    .select({ lockedUntil: operators.lockedUntil })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) return undefined;
  const ended = await tx
    .update(operators)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(operators.id, operatorId), gt(operators.lockedUntil, sql`now()`)))
    .returning({ id: operators.id });
  return { lockedUntil: ended.length === 1 ? row.lockedUntil : null };
}

export const liftOperatorCodeLock = (limits: AttemptLimits, operatorId: number) =>
  clearCodeLock(operatorCodeKey(limits, operatorId));
