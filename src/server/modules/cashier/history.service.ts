import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { type CashRequestKind, cashRequests } from './cashier.schema.ts';

export interface Page {
  page: number;
  pageSize: number;
}

/**
 * A member's deposit or withdrawal requests ('both': the two together), newest first, without
 * those they deleted from view.
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
        createdAt: cashRequests.createdAt,
        decidedAt: cashRequests.decidedAt,
      })
      .from(cashRequests)
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
  const hidden = await db
    .update(cashRequests)
    .set({ hiddenByMember: true })
    .where(
      and(
        eq(cashRequests.id, id),
        eq(cashRequests.memberId, memberId),
        eq(cashRequests.kind, kind),
        inArray(cashRequests.status, ['already', 'cansel']),
      ),
    )
    .returning({ id: cashRequests.id });
  if (hidden.length === 0) {
    throw errors.notInList('no finished request with this id in your list', MSG.deleteFailed);
  }
}

/** Hides every finished request (approved or cancelled) from the member's lists; pending ones stay. */
export async function hideFinishedCashRequests(db: Db, memberId: number): Promise<number> {
  const hidden = await db
    .update(cashRequests)
    .set({ hiddenByMember: true })
    .where(
      and(
        eq(cashRequests.memberId, memberId),
        eq(cashRequests.hiddenByMember, false),
        inArray(cashRequests.status, ['already', 'cansel']),
      ),
    )
    .returning({ id: cashRequests.id });
  return hidden.length;
}

export interface StatementLine {
  id: number;
  createdAt: string;
  kind: string;
  account: string;
  /** Positive money in, negative money out, from the point of view of `account`. */
  amount: number;
}

/** Every ledger movement on the member's accounts, newest first. */
export async function statement(db: Db, memberId: number, { page, pageSize }: Page) {
  const accounts = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { items: [], total: 0 };
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  // A transfer between two of the member's own accounts (cash → held) shows as two lines.
  const rows = await queryRows<{
    id: number;
    created_at: Date;
    kind: string;
    account_id: number;
    amount: number;
  }>(
    db,
    sql`
      select id, created_at, kind, to_account_id as account_id, amount from ledger_transfers
      where to_account_id in (${idList})
      union all
      select id, created_at, kind, from_account_id as account_id, -amount from ledger_transfers
      where from_account_id in (${idList})
      order by id desc, amount asc
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from ledger_transfers where to_account_id in (${idList}))
             + (select count(*) from ledger_transfers where from_account_id in (${idList})) as n`,
  );
  return {
    items: rows.map(
      (r): StatementLine => ({
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        kind: r.kind,
        account: kindOf.get(r.account_id) ?? 'unknown',
        amount: r.amount,
      }),
    ),
    total: total?.n ?? 0,
  };
}
