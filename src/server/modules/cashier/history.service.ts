import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { depositDebtOwedSql } from '../games/wallet/debts.service.ts';
import { memberStatementNumbered } from '../ledger/statement.service.ts';
import { type CashRequestKind, cashRequests, paymentReversals } from './cashier.schema.ts';

export interface Page {
  page: number;
  pageSize: number;
}

/**
 * A member's deposit or withdrawal requests ('both': the two together), newest first, without
 * those they deleted from view. A deposit its payment provider reversed (a chargeback) keeps its
 * status word (SPEC §2) and carries when it was reversed and what of it the member still owes (its
 * debt, wallet_round_debts `payment:<provider>` / `deposit:<id>`, as later credits repay it).
 */
export async function listCashRequests(
  db: Db,
  memberId: number,
  kind: CashRequestKind | 'both',
  { page, pageSize }: Page,
) {
  const where = and(
    eq(cashRequests.memberId, memberId),
    kind === 'both' ? undefined : eq(cashRequests.kind, kind),
    eq(cashRequests.hiddenByMember, false),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: cashRequests.id,
        kind: cashRequests.kind,
        amount: cashRequests.amount,
        status: cashRequests.status,
        reason: cashRequests.reason,
        decidedBy: cashRequests.decidedBy,
        createdAt: cashRequests.createdAt,
        decidedAt: cashRequests.decidedAt,
        reversedAt: paymentReversals.createdAt,
        reversedAmount: paymentReversals.amount,
        owedNow: depositDebtOwedSql(sql`${paymentReversals.provider}`, sql`${cashRequests.id}`),
      })
      .from(cashRequests)
      .leftJoin(paymentReversals, eq(paymentReversals.cashRequestId, cashRequests.id))
      .where(where)
      .orderBy(desc(cashRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(cashRequests).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0 };
}

/** Hides a finished request from the member's list; the record itself stays. */
export async function hideCashRequest(db: Db, memberId: number, kind: CashRequestKind, id: number) {
  const hidden = await hideFinished(db, memberId, and(eq(cashRequests.id, id), eq(cashRequests.kind, kind)));
  if (hidden.length === 0) {
    throw errors.notInList('no finished request with this id in your list', MSG.deleteFailed);
  }
}

/** Hides every finished request (approved or cancelled) from the member's lists; pending ones stay. */
export async function hideFinishedCashRequests(db: Db, memberId: number): Promise<number> {
  const hidden = await hideFinished(db, memberId, eq(cashRequests.hiddenByMember, false));
  return hidden.length;
}

/** Hides the member's finished (approved or cancelled) requests that `which` picks; answers their ids. */
function hideFinished(db: Db, memberId: number, which: SQL | undefined) {
  return db
    .update(cashRequests)
    .set({ hiddenByMember: true })
    .where(
      and(eq(cashRequests.memberId, memberId), inArray(cashRequests.status, ['already', 'cansel']), which),
    )
    .returning({ id: cashRequests.id });
}

/** A ledger statement line as the member API answers it. */
export const toStatementLine = (l: {
  id: number;
  createdAt: Date;
  kind: string;
  account: string;
  amount: number;
}): StatementLine => ({
  id: l.id,
  createdAt: l.createdAt.toISOString(),
  kind: l.kind,
  account: l.account,
  amount: l.amount,
});

export interface StatementLine {
  id: number;
  createdAt: string;
  kind: string;
  account: string;
  /** Positive money in, negative money out, from the point of view of `account`. */
  amount: number;
}

/** Every ledger movement on the member's accounts, newest first, a numbered page (the ledger's read API). */
export async function statement(db: Db, memberId: number, page: Page) {
  const { lines, total } = await memberStatementNumbered(db, memberId, page);
  return {
    items: lines.map(toStatementLine),
    total,
  };
}
