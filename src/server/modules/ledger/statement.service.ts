import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ledgerAccounts } from './ledger.schema.ts';

/*
 * The ledger's read API: a member's movements, read by the modules that show or total them (the
 * cashier's statement, protection's activity and CSV statement). Only the ledger names its tables.
 *
 * Every read is an index scan on ledger_transfers (member_id, id) (migration 0055): a transfer records
 * the member whose money it moves. Each transfer is then one line per account of the member it moves
 * (two for a move between their own accounts, out first); the member's account ids are read first
 * and given as values.
 */

/** One movement on one of the member's accounts. */
export interface LedgerLine {
  id: number;
  createdAt: Date;
  kind: string;
  /** The member's account it moved: cash, comp, held or vault. */
  account: string;
  /** Positive money in, negative money out, from the point of view of `account`. */
  amount: number;
  reference: unknown;
}

interface LineRow {
  id: number;
  created_at: Date;
  kind: string;
  account_id: number;
  amount: number;
  reference: unknown;
}

async function accountsOf(db: DbOrTx, memberId: number) {
  return db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId))
    .orderBy(ledgerAccounts.id);
}

const lineOf =
  (kindOf: Map<number, string>) =>
  (r: LineRow): LedgerLine => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at),
    kind: r.kind,
    account: kindOf.get(Number(r.account_id)) ?? 'unknown',
    amount: Number(r.amount),
    reference: r.reference ?? null,
  });

/**
 * The lines of the member's transfers that `tail` (a filter, order and limit on ledger_transfers)
 * keeps: one per account of the member a transfer moves, out (negative, `sign` -1) and in (`sign` 1).
 */
function linesOf(memberId: number, accounts: { id: number }[], tail: SQL) {
  const ids = sql.join(
    accounts.map((a) => sql`${a.id}::int8`),
    sql`, `,
  );
  return sql`select t.id, t.created_at, t.kind, l.account_id, l.sign * t.amount as amount, t.reference, l.sign
    from (select id, created_at, kind, from_account_id, to_account_id, amount, reference from ledger_transfers
          where member_id = ${memberId}${tail}) t
    cross join lateral (values (t.from_account_id, -1), (t.to_account_id, 1)) as l(account_id, sign)
    where l.account_id in (${ids})`;
}

export interface StatementFilter {
  /** Lines of transfers with a smaller id only (the page cursor). */
  before?: number | undefined;
  /** ISO timestamps: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Transfer kinds to keep; all when absent. */
  kinds?: readonly KindFilter[] | undefined;
}

/**
 * A transfer kind, or a kind kept only when a house account of `house` is (or, with `not`, is not) one
 * side of the transfer: one kind can pay back different house accounts.
 */
export type KindFilter = string | { kind: string; house: string; not?: boolean };

/** The SQL condition on ledger_transfers that keeps the kinds `filters` name. */
function kindsCondition(filters: readonly KindFilter[]): SQL {
  const plain = filters.filter((f): f is string => typeof f === 'string');
  const parts: SQL[] = [];
  if (plain.length > 0) {
    parts.push(
      sql`kind in (${sql.join(
        plain.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  }
  for (const f of filters) {
    if (typeof f === 'string') continue;
    const houses = sql`(select id from ledger_accounts where member_id is null and kind = ${f.house})`;
    const touches = sql`(from_account_id in ${houses} or to_account_id in ${houses})`;
    parts.push(sql`(kind = ${f.kind} and ${f.not ? sql`not ` : sql``}${touches})`);
  }
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * One page of the member's movements, newest first: one short backwards scan of the member's index
 * range, whatever the size of the table. A transfer between two of the member's own accounts is two
 * lines (out first) and never split across pages. `next` is the cursor of the following page.
 */
export async function memberStatementPage(
  db: DbOrTx,
  memberId: number,
  filter: StatementFilter,
  pageSize: number,
): Promise<{ lines: LedgerLine[]; next: number | null }> {
  const accounts = await accountsOf(db, memberId);
  if (accounts.length === 0) return { lines: [], next: null };
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const limit = pageSize + 2;
  const filters: SQL[] = [];
  if (filter.before) filters.push(sql`id < ${filter.before}`);
  if (filter.from) filters.push(sql`created_at >= ${filter.from}::timestamptz`);
  if (filter.to) filters.push(sql`created_at < ${filter.to}::timestamptz`);
  if (filter.kinds) filters.push(kindsCondition(filter.kinds));
  const extra = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  // At most `limit` lines come from the newest `limit` transfers (each is at least one line).
  const rows = await queryRows<LineRow>(
    db,
    sql`select * from (${linesOf(memberId, accounts, sql`${extra} order by id desc limit ${limit}`)}) lines
        order by id desc, amount asc limit ${limit}`,
  );
  let cut = Math.min(rows.length, pageSize);
  // Keep both lines of a transfer between the member's own accounts on the same page.
  while (cut < rows.length && cut > 0 && rows[cut]!.id === rows[cut - 1]!.id) cut++;
  const page = rows.slice(0, cut);
  return {
    lines: page.map(lineOf(kindOf)),
    next: cut < rows.length ? Number(page.at(-1)!.id) : null,
  };
}

/** A numbered page of the member's movements, newest first, and how many there are (the back office). */
export async function memberStatementNumbered(
  db: DbOrTx,
  memberId: number,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ lines: LedgerLine[]; total: number }> {
  const accounts = await accountsOf(db, memberId);
  if (accounts.length === 0) return { lines: [], total: 0 };
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  // A transfer between two of the member's own accounts (cash → held) shows as two lines; the first
  // page × pageSize transfers hold at least the lines up to this page.
  const rows = await queryRows<LineRow>(
    db,
    sql`select * from (${linesOf(memberId, accounts, sql` order by id desc limit ${page * pageSize}`)}) lines
        order by id desc, amount asc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const idList = sql.join(
    accounts.map((a) => sql`${a.id}::int8`),
    sql`, `,
  );
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*) + count(*) filter (where from_account_id in (${idList}) and to_account_id in (${idList})) as n
        from ledger_transfers where member_id = ${memberId}`,
  );
  return { lines: rows.map(lineOf(kindOf)), total: Number(total?.n ?? 0) };
}

/**
 * The member's movements in [start, end), oldest first, read in batches by id: each batch a scan of
 * the member's index range in id order that stops at the batch size, so a batch costs its own rows,
 * not a sort of the whole range. A transfer between two of the member's own accounts is two
 * lines: out, then in.
 */
export async function* memberStatementLines(
  db: DbOrTx,
  memberId: number,
  range: { start: Date; end: Date },
  batchSize: number,
): AsyncGenerator<LedgerLine> {
  const accounts = await accountsOf(db, memberId);
  if (accounts.length === 0) return;
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const toLine = lineOf(kindOf);
  let after = 0;
  let afterSign = -2;
  for (;;) {
    // Keyset on (id, sign): the lines after the last one read. The transfer at `after` may still have
    // its in line to give, so one transfer more than the batch.
    const batch = await queryRows<LineRow & { sign: number }>(
      db,
      sql`select * from (${linesOf(
        memberId,
        accounts,
        sql` and id >= ${after} and created_at >= ${range.start} and created_at < ${range.end}
             order by id limit ${batchSize + 1}`,
      )}) l where (l.id, l.sign) > (${after}::int8, ${afterSign}::int) order by id, sign limit ${batchSize}`,
    );
    for (const row of batch) yield toLine(row);
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = Number(last.id);
    afterSign = Number(last.sign);
  }
}

/** Money moving into ('in') or out of ('out') one of the member's accounts, of these transfer kinds. */
export interface Flow {
  account: 'cash' | 'comp' | 'held' | 'vault';
  direction: 'in' | 'out';
  kinds: readonly string[];
  /** Sums this flow under this name instead of each kind's (a kind that flows both ways, summed apart). */
  as?: string;
  /**
   * Only transfers whose other side is (or, with `not`, is not) a house account of this kind: one
   * transfer kind can pay back different house accounts (a debt collection repays game revenue for a
   * corrected round, the deposits account for a charged-back deposit).
   */
  house?: { kind: string; not?: boolean };
}

/**
 * Sums per transfer kind of the member's flows, for each window (the movements since its start), in
 * one pass over the movements since the earliest start. A kind counted in two flows is summed over both,
 * unless a flow names its own sum (`as`).
 */
export async function memberFlowTotals<W extends string>(
  db: DbOrTx,
  memberId: number,
  flows: readonly Flow[],
  windows: Record<W, Date>,
): Promise<Map<string, Record<W, number>>> {
  const names = Object.keys(windows) as W[];
  const totals = new Map<string, Record<W, number>>();
  if (flows.length === 0 || names.length === 0) return totals;
  const accounts = await accountsOf(db, memberId);
  const idOf = (kind: string) => accounts.find((a) => a.kind === kind)?.id ?? 0;
  const since = new Date(Math.min(...names.map((n) => windows[n].getTime())));
  const parts = flows.map((flow) => {
    const column = flow.direction === 'in' ? sql`to_account_id` : sql`from_account_id`;
    const kinds = sql.join(
      flow.kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const name = flow.as === undefined ? sql`kind` : sql`${flow.as}::text`;
    const other = flow.direction === 'in' ? sql`from_account_id` : sql`to_account_id`;
    const house =
      flow.house === undefined
        ? sql``
        : sql` and ${other} ${flow.house.not ? sql`not in` : sql`in`} (select id from ledger_accounts
              where member_id is null and kind = ${flow.house.kind})`;
    return sql`select ${name} as kind, amount, created_at from ledger_transfers
      where member_id = ${memberId} and ${column} = ${idOf(flow.account)} and kind in (${kinds})
        and created_at >= ${since}${house}`;
  });
  const sums = names.map(
    (name, i) =>
      sql`coalesce(sum(amount) filter (where created_at >= ${windows[name]}), 0)::int8 as ${sql.identifier(`w${i}`)}`,
  );
  const rows = await queryRows<Record<string, number | string>>(
    db,
    sql`with moves as (${sql.join(parts, sql` union all `)})
        select kind, ${sql.join(sums, sql`, `)} from moves group by kind`,
  );
  for (const row of rows) {
    const sum = {} as Record<W, number>;
    names.forEach((name, i) => {
      sum[name] = Number(row[`w${i}`] ?? 0);
    });
    totals.set(String(row.kind), sum);
  }
  return totals;
}
