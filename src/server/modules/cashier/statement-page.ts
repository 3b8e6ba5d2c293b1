import { eq, type SQL, sql } from 'drizzle-orm';
import type { STATEMENT_KINDS } from '../../../shared/contract/cashier-routes.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { HistoryQuery } from '../games/bet-page.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import type { StatementLine } from './history.service.ts';

/** The transfer kinds behind each statement filter a member can choose. */
export const STATEMENT_KIND_GROUPS: Record<(typeof STATEMENT_KINDS)[number], string[]> = {
  deposit: ['deposit'],
  withdraw: ['withdrawal', 'withdraw_hold', 'withdraw_return'],
  game: ['bet', 'win', 'bet_rollback', 'jackpot_win'],
  comp: ['comp_accrual', 'comp_exchange'],
  adjustment: ['adjustment', 'adjustment_reversal'],
};

interface LineRow {
  id: number;
  created_at: Date;
  kind: string;
  account_id: number;
  amount: number;
}

/**
 * One page of the member's ledger movements, newest first. Each of the member's accounts (cash, comp,
 * held) is read on each side through its own index range, ledger_transfers (to_account_id, id) and
 * (from_account_id, id), backwards and cut at a page: at most six short index scans, whatever the size
 * of the table. A transfer between two of the member's own accounts is two lines and never split
 * across pages.
 */
export async function statementPage(
  db: Db,
  memberId: number,
  query: HistoryQuery & { kind?: (typeof STATEMENT_KINDS)[number] | undefined },
) {
  const accounts = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
  if (accounts.length === 0) return { list: [], next: null };
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const limit = query.pageSize + 2;
  const filters: SQL[] = [];
  if (query.before) filters.push(sql`id < ${query.before}`);
  if (query.from) filters.push(sql`created_at >= ${query.from}::timestamptz`);
  if (query.to) filters.push(sql`created_at < ${query.to}::timestamptz`);
  if (query.kind) {
    const kinds = STATEMENT_KIND_GROUPS[query.kind].map((k) => sql`${k}`);
    filters.push(sql`kind in (${sql.join(kinds, sql`, `)})`);
  }
  const extra = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const ranges = accounts.flatMap((a) => [
    sql`(select id, created_at, kind, to_account_id as account_id, amount from ledger_transfers
         where to_account_id = ${a.id}${extra} order by id desc limit ${limit})`,
    sql`(select id, created_at, kind, from_account_id as account_id, -amount as amount from ledger_transfers
         where from_account_id = ${a.id}${extra} order by id desc limit ${limit})`,
  ]);
  const rows = await queryRows<LineRow>(
    db,
    sql`select * from (${sql.join(ranges, sql` union all `)}) lines order by id desc, amount asc limit ${limit}`,
  );
  let cut = Math.min(rows.length, query.pageSize);
  // Keep both lines of a transfer between the member's own accounts on the same page.
  while (cut < rows.length && cut > 0 && rows[cut]!.id === rows[cut - 1]!.id) cut++;
  const page = rows.slice(0, cut);
  return {
    list: page.map(
      (r): StatementLine => ({
        id: Number(r.id),
        createdAt: new Date(r.created_at).toISOString(),
        kind: r.kind,
        account: kindOf.get(Number(r.account_id)) ?? 'unknown',
        amount: Number(r.amount),
      }),
    ),
    next: cut < rows.length ? Number(page.at(-1)!.id) : null,
  };
}
