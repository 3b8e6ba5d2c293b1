import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CashRequestKind, cashRequests, PENDING_STATUSES } from './cashier.schema.ts';
import { REOPENABLE_BY } from './deciders.ts';

export type CashRequest = typeof cashRequests.$inferSelect;

export interface NewCashRequest {
  memberId: number;
  kind: CashRequestKind;
  amount: number;
  clientCode: string;
  status?: 'wait' | 'reg';
  paymentOptionId?: number;
}

export type InsertOutcome =
  | { outcome: 'created'; request: CashRequest }
  | { outcome: 'replay'; request: CashRequest }
  | { outcome: 'code-reused'; request: CashRequest }
  | { outcome: 'pending-exists'; request: CashRequest };

/**
 * Inserts a request unless the database refuses it: the same client code again is a replay (or a
 * misuse when the amount differs), and a second pending request of the same kind is refused by a
 * partial unique index, so concurrent clicks cannot open two.
 */
export async function insertCashRequest(tx: DbOrTx, input: NewCashRequest): Promise<InsertOutcome> {
  // The conflicting request may be decided between our insert and the look-up: then insert again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await tryInsert(tx, input);
    if (outcome) return outcome;
  }
  throw new Error('cash request kept conflicting with requests decided meanwhile');
}

async function tryInsert(tx: DbOrTx, input: NewCashRequest): Promise<InsertOutcome | undefined> {
  const [created] = await tx
    .insert(cashRequests)
    .values({ ...input, status: input.status ?? 'wait' })
    .onConflictDoNothing()
    .returning();
  if (created) return { outcome: 'created', request: created };

  const sameCode = await requestOfKind(tx, input, eq(cashRequests.clientCode, input.clientCode));
  if (sameCode) {
    const same =
      sameCode.amount === input.amount && sameCode.paymentOptionId === (input.paymentOptionId ?? null);
    return { outcome: same ? 'replay' : 'code-reused', request: sameCode };
  }
  const pending = await requestOfKind(tx, input, inArray(cashRequests.status, PENDING_STATUSES));
  if (pending) return { outcome: 'pending-exists', request: pending };
  return undefined;
}

/**
 * What the member asked to withdraw in the last `withinMs` and has not had back: the waiting and the
 * paid requests (a rejected or cancelled one returned its money), the caller's own new one included.
 */
export async function withdrawnWithin(tx: DbOrTx, memberId: number, withinMs: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${cashRequests.amount}), 0)` })
    .from(cashRequests)
    .where(
      and(
        eq(cashRequests.memberId, memberId),
        eq(cashRequests.kind, 'withdraw'),
        inArray(cashRequests.status, [...PENDING_STATUSES, 'already']),
        gte(cashRequests.createdAt, sql`now() - ${withinMs}::float8 * interval '1 millisecond'`),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The member's request of the kind that `which` picks: at most one (by its client code, or the pending one). */
async function requestOfKind(tx: DbOrTx, input: NewCashRequest, which: SQL) {
  const [request] = await tx
    .select()
    .from(cashRequests)
    .where(and(eq(cashRequests.memberId, input.memberId), eq(cashRequests.kind, input.kind), which));
  return request;
}

/**
 * Moves a pending request to its final status; exactly one caller wins under concurrency and gets
 * the row, every other gets undefined.
 */
export async function decidePending(
  tx: DbOrTx,
  id: number,
  kind: CashRequestKind,
  decision: { status: 'already' | 'cansel'; decidedBy: string; reason?: string | undefined },
): Promise<CashRequest | undefined> {
  const [row] = await tx
    .update(cashRequests)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      reason: decision.reason,
      decidedAt: new Date(),
    })
    .where(
      and(
        eq(cashRequests.id, id),
        eq(cashRequests.kind, kind),
        inArray(cashRequests.status, PENDING_STATUSES),
      ),
    )
    .returning();
  return row;
}

export async function findCashRequest(tx: DbOrTx, id: number): Promise<CashRequest | undefined> {
  const [row] = await tx.select().from(cashRequests).where(eq(cashRequests.id, id));
  return row;
}

/**
 * A payment confirmed after its request was closed unpaid (expired, or cancelled by the member):
 * the request becomes approved, once, so the credit that follows is never lost. An operator's
 * refusal is not reopened (undefined): that payment waits for reconciliation.
 */
export async function reopenForLatePayment(
  tx: DbOrTx,
  id: number,
  decision: { decidedBy: string; reason: string },
): Promise<CashRequest | undefined> {
  const [row] = await tx
    .update(cashRequests)
    // Shown again if the member hid it while it read cancelled: a credit always has its row in their list.
    .set({
      status: 'already',
      decidedBy: decision.decidedBy,
      reason: decision.reason,
      decidedAt: new Date(),
      hiddenByMember: false,
    })
    .where(
      and(
        eq(cashRequests.id, id),
        eq(cashRequests.kind, 'deposit'),
        eq(cashRequests.status, 'cansel'),
        inArray(cashRequests.decidedBy, REOPENABLE_BY),
      ),
    )
    .returning();
  return row;
}

/** A member's own request; undefined when it is not theirs. */
export async function findOwnRequest(tx: DbOrTx, memberId: number, kind: CashRequestKind, id: number) {
  const [row] = await tx
    .select()
    .from(cashRequests)
    .where(and(eq(cashRequests.id, id), eq(cashRequests.memberId, memberId), eq(cashRequests.kind, kind)));
  return row;
}
