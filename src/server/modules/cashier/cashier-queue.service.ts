import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountChangesOf, changesNear } from '../accounts/account-changes.ts';
import { memberCards } from '../accounts/members.service.ts';
import { appendAudit } from '../backoffice/audit.service.ts';
import type { Operator } from '../backoffice/operators.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import { memberCurrencies } from '../ledger/ledger.service.ts';
import { cashRequests, PENDING_STATUSES, paymentReversals } from './cashier.schema.ts';
import { decideDeposit } from './deposits.service.ts';
import { settlePaymentSessionForOperator } from './payments/operator-decision.ts';
import { decideWithdrawal } from './withdrawals.service.ts';

/** A member's finished cashier history, so an operator can judge a request at a glance. */
async function historyOf(db: Db, memberIds: number[]) {
  if (memberIds.length === 0) return new Map<number, CashHistory>();
  const rows = await db
    .select({
      memberId: cashRequests.memberId,
      kind: cashRequests.kind,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${cashRequests.amount}), 0)::int8`,
    })
    .from(cashRequests)
    .where(and(inArray(cashRequests.memberId, memberIds), eq(cashRequests.status, 'already')))
    .groupBy(cashRequests.memberId, cashRequests.kind);
  // Deposits their payment provider reversed (chargebacks): still among the deposits above (the
  // request stays done), and named beside them so the operator sees the money came back out.
  const reversed = await db
    .select({
      memberId: paymentReversals.memberId,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${paymentReversals.amount}), 0)::int8`,
    })
    .from(paymentReversals)
    .where(inArray(paymentReversals.memberId, memberIds))
    .groupBy(paymentReversals.memberId);
  const history = new Map<number, CashHistory>();
  const entryOf = (memberId: number) => {
    const entry = history.get(memberId) ?? {
      deposits: { count: 0, total: 0 },
      withdrawals: { count: 0, total: 0 },
      reversals: { count: 0, total: 0 },
    };
    history.set(memberId, entry);
    return entry;
  };
  for (const row of rows) {
    entryOf(row.memberId)[row.kind === 'deposit' ? 'deposits' : 'withdrawals'] = {
      count: row.count,
      total: Number(row.total),
    };
  }
  for (const row of reversed)
    entryOf(row.memberId).reversals = { count: row.count, total: Number(row.total) };
  return history;
}

interface CashHistory {
  deposits: { count: number; total: number };
  withdrawals: { count: number; total: number };
  reversals: { count: number; total: number };
}

/** How many requests of each kind wait, from the partial index of pending requests (migration 0015). */
export async function waitingCounts(db: Db) {
  const rows = await db
    .select({ kind: cashRequests.kind, n: count() })
    .from(cashRequests)
    .where(inArray(cashRequests.status, PENDING_STATUSES))
    .groupBy(cashRequests.kind);
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return { deposits: of('deposit'), withdrawals: of('withdraw') };
}

/** The page size of the cashier queue when the screen names none. */
export const CASHIER_PAGE = 100;

/**
 * Pending deposits and withdrawals, oldest first, a page at a time (after the last id seen), with
 * who asked, their bank and their history, and how many wait in all.
 */
export async function pendingRequests(db: Db, page: PageQuery = {}) {
  const [rows, waiting] = await Promise.all([pendingPage(db, page), waitingCounts(db)]);
  const memberIds = [...new Set(rows.map((row) => row.member.id))];
  const withdrawing = rows.filter((row) => row.request.kind === 'withdraw').map((row) => row.member.id);
  const [history, currencies, changes] = await Promise.all([
    historyOf(db, memberIds),
    memberCurrencies(db, memberIds),
    accountChangesOf(db, withdrawing),
  ]);
  const none: CashHistory = {
    deposits: { count: 0, total: 0 },
    withdrawals: { count: 0, total: 0 },
    reversals: { count: 0, total: 0 },
  };
  const requests = rows.map(({ request, member }) => ({
    id: request.id,
    kind: request.kind,
    amount: request.amount,
    currency: currencies.get(member.id) ?? '',
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    member,
    history: history.get(member.id) ?? none,
    // Only beside a withdrawal: the bank it is paid to, and the password that guards that bank.
    accountChanges:
      request.kind === 'withdraw'
        ? changesNear(changes.get(member.id) ?? [], request.createdAt).map((c) => ({
            what: c.what,
            at: c.at.toISOString(),
          }))
        : [],
  }));
  return { requests, waiting };
}

interface PageQuery {
  kind?: 'deposit' | 'withdraw' | undefined;
  after?: number | undefined;
  limit?: number | undefined;
}

/** A page of pending requests, each with the card of the member who asked (the accounts module's). */
async function pendingPage(db: Db, page: PageQuery) {
  const requests = await db
    .select()
    .from(cashRequests)
    .where(
      and(
        inArray(cashRequests.status, PENDING_STATUSES),
        page.kind ? eq(cashRequests.kind, page.kind) : undefined,
        page.after ? gt(cashRequests.id, page.after) : undefined,
      ),
    )
    .orderBy(asc(cashRequests.id))
    .limit(page.limit ?? CASHIER_PAGE);
  const cards = await memberCards(
    db,
    requests.map((r) => r.memberId),
  );
  return requests.flatMap((request) => {
    const card = cards.get(request.memberId);
    if (!card) return [];
    const { id, siteId, loginId, nick, level, status, bankName, bankOwner, bankNumber } = card;
    const member = { id, siteId, loginId, nick, level, status, bankName, bankOwner, bankNumber };
    return [{ request, member }];
  });
}

/**
 * An operator's decision: the money moves through the ledger and the audit entry is written in the
 * same transaction. Two operators deciding at once: one wins, the other gets a 409 saying who.
 */
export async function decideRequest(
  db: Db,
  operator: Operator,
  input: {
    kind: 'deposit' | 'withdraw';
    id: number;
    approve: boolean;
    reason?: string | undefined;
    ip: string;
  },
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: cashRequests.status, amount: cashRequests.amount, memberId: cashRequests.memberId })
      .from(cashRequests)
      .where(and(eq(cashRequests.id, input.id), eq(cashRequests.kind, input.kind)));
    const status = input.approve ? 'already' : 'cansel';
    const decider = { by: operator.login, reason: input.reason };
    if (input.kind === 'deposit') await settlePaymentSessionForOperator(tx, input.id, input.approve);
    const request =
      input.kind === 'deposit'
        ? await decideDeposit(tx, input.id, status, decider)
        : await decideWithdrawal(tx, input.id, status, decider);
    // A refusal is told to the member with the operator's reason (approvals tell it where the money moves).
    if (!input.approve) {
      await tellMember(
        tx,
        request.memberId,
        input.kind === 'deposit' ? 'depositRefused' : 'withdrawRefused',
        { amount: request.amount, reason: input.reason ?? '' },
        { lasting: true },
      );
    }
    // The currency the amount is in: sites differ, and the entry is read without the ledger.
    const currency = (await memberCurrencies(tx, [request.memberId])).get(request.memberId) ?? '';
    await appendAudit(tx, {
      operatorId: operator.id,
      operatorLogin: operator.login,
      operatorRole: operator.role,
      action: `cashier.${input.kind}.${input.approve ? 'approve' : 'reject'}`,
      target: `cash_request:${input.id}`,
      before: before ?? null,
      after: { status: request.status, amount: request.amount, currency, reason: input.reason ?? null },
      ip: input.ip,
    });
    return request;
  });
}
