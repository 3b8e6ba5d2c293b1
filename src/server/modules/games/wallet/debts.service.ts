import { type SQL, sql } from 'drizzle-orm';
import { formatNumber } from '../../../../shared/format.ts';
import type { DEBT_CAUSES, ProtectionKind } from '../../../../shared/vocabulary.ts';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { PAYMENT_REVERSAL_PREFIX } from '../../../db/constants.ts';
import { errors } from '../../../http/errors.ts';
import { lockMemberCash } from '../../ledger/ledger.service.ts';

/**
 * The ways cash leaves a member for somewhere it can be taken out of the site, and an operator's debit
 * adjustment: taking cash while a debt is open would charge the member twice once a win repays the
 * debt (the operator collects the debt from cash instead, debt-actions.service.ts).
 */
export type CashExit = 'withdrawal' | 'vault' | 'payout' | 'debit';

const REFUSED: Record<CashExit, string> = {
  withdrawal: 'a withdrawal',
  vault: 'a move to the vault',
  payout: 'paying out a withdrawal',
  debit: 'a debit adjustment (collect the debt from cash or write it off instead)',
};

/**
 * The debt comes first: while a member owes anything (wallet_debts, left by a correction that took
 * back money already spent), no money leaves for where it can be taken out of the site: a withdrawal's
 * hold, its payout by the cashier, a move to the vault. Every such path (the member API, /public/ and
 * the back office alike) calls this in the transaction that moves the money, so a refusal moves
 * nothing; the refusal (409 `debt`, msg3041) names what is owed in `owed`.
 *
 * Refused rather than collected from the cash: debts are collected only from the wallet's own credits
 * (wallet_collect_debt, a later win or resettle), and a refusal moves no money the member did not ask
 * to move. The member's cash row is locked first, as wallet_take_back's caller holds it while it
 * records a debt: a correction committed before is seen, and one that comes later waits for this
 * transaction, so no debt can slip in between the check and the move.
 */
export async function refuseWhileOwing(tx: Tx, memberId: number, exit: CashExit): Promise<void> {
  await lockMemberCash(tx, memberId);
  const [row] = await queryRows<{ amount: number }>(
    tx,
    sql`select amount from wallet_debts where member_id = ${memberId} and amount > 0`,
  );
  const owed = Number(row?.amount ?? 0);
  if (owed > 0) {
    throw errors.owing(
      `the member owes ${formatNumber(owed, 'en')} after a settlement correction or a reversed deposit: ${REFUSED[exit]} is refused until later winnings repay it or the back office settles it`,
      owed,
    );
  }
}

type DebtCause = (typeof DEBT_CAUSES)[number];

/**
 * What a member owes after corrections (wallet_debts), since when (the first change after it was last
 * nothing) and its latest changes, newest first, each with its cause (an operator's with their reason; a
 * write-off brought back by a correction of its round in the member's favour, which paid it at once):
 * the back office's member page shows it (SPORTSBOOK.md §3).
 */
export async function memberDebt(db: DbOrTx, memberId: number, limit: number) {
  const [owed, opened, entries] = await Promise.all([
    queryRows<{ amount: number }>(db, sql`select amount from wallet_debts where member_id = ${memberId}`),
    queryRows<{ opened_at: Date | null }>(
      db,
      sql`with running as (
            select id, created_at, sum(amount) over (order by id) as owed from wallet_debt_entries
            where member_id = ${memberId})
          select min(created_at) as opened_at from running
          where id > coalesce((select max(id) from running where owed <= 0), 0)`,
    ),
    queryRows<{
      id: number;
      amount: number;
      provider: string;
      round_id: string;
      tx_id: string;
      created_at: Date;
      restored: boolean;
      action: 'write_off' | 'cash' | null;
      reason: string | null;
      operator: string | null;
    }>(
      db,
      sql`select e.id, e.amount, e.provider, e.round_id, e.tx_id, e.created_at, e.restored,
                 a.kind as action, a.reason, a.operator
          from wallet_debt_entries e
          left join wallet_debt_actions a on e.provider = ${OPERATOR_PROVIDER} and a.key = e.tx_id
          where e.member_id = ${memberId} order by e.id desc limit ${limit}`,
    ),
  ]);
  const amount = Number(owed[0]?.amount ?? 0);
  const openedAt = opened[0]?.opened_at;
  return {
    owed: amount,
    openedAt: amount > 0 && openedAt ? new Date(openedAt) : null,
    entries: entries.map((e) => ({
      id: Number(e.id),
      amount: Number(e.amount),
      cause: causeOf(Number(e.amount), e.action, e.restored, e.provider),
      provider: e.provider,
      roundId: e.round_id,
      txId: e.tx_id,
      reason: e.reason,
      operator: e.operator,
      createdAt: new Date(e.created_at).toISOString(),
    })),
  };
}

function causeOf(
  amount: number,
  action: 'write_off' | 'cash' | null,
  restored: boolean,
  provider: string,
): DebtCause {
  if (action === 'write_off') return 'written_off';
  if (restored) return 'write_off_restored';
  if (action === 'cash') return 'collected_from_cash';
  if (amount > 0 && provider.startsWith(PAYMENT_REVERSAL_PREFIX)) return 'deposit_reversed';
  return amount > 0 ? 'correction' : 'collected';
}

/** The provider an operator's change of a debt is recorded under (no wallet provider has this code). */
export const OPERATOR_PROVIDER = 'backoffice';

/**
 * What a deposit reversed by its payment provider left owed is recorded under `payment:<provider code>`
 * (round `deposit:<request id>`; the prefix is a constant both languages read, db/constants.ts).
 */
export { PAYMENT_REVERSAL_PREFIX };

/**
 * What a member still owes of a deposit its payment provider reversed, as a scalar subquery for a
 * list of requests (null when it left no debt): the debt of its "round" (`payment:<provider>`,
 * `deposit:<request id>`), less what later credits repaid or an operator settled.
 */
export const depositDebtOwedSql = (provider: SQL, requestId: SQL) =>
  sql<string | null>`(select d.owed from wallet_round_debts d
    where d.provider = ${PAYMENT_REVERSAL_PREFIX} || ${provider} and d.round_id = 'deposit:' || ${requestId})`;

/** Member debts in one currency: what is owed now, by how many members, and what stands written off. */
export interface DebtFigures {
  currency: string;
  owed: number;
  membersOwing: number;
  /** Written off by operators and not restored by a later correction of the round (wallet_round_debts). */
  writtenOff: number;
}

/**
 * Member debts per currency (the member's, never added across currencies; sql/wallet_debt_figures.sql),
 * for the dashboard: a correction's loss counted in the rounds' figures that the house did not collect.
 * Every currency in `currencies` is listed, zero or not.
 */
export async function debtFigures(db: DbOrTx, currencies: string[] = []): Promise<DebtFigures[]> {
  const rows = await queryRows<{ currency: string; owed: number; members: number; written_off: number }>(
    db,
    sql`select currency, owed, members, written_off from wallet_debt_figures()`,
  );
  const all = [...new Set([...currencies, ...rows.map((r) => r.currency)])].sort();
  return all.map((currency) => {
    const row = rows.find((r) => r.currency === currency);
    return {
      currency,
      owed: Number(row?.owed ?? 0),
      membersOwing: Number(row?.members ?? 0),
      writtenOff: Number(row?.written_off ?? 0),
    };
  });
}

/**
 * A member under a break or a self-exclusion who owes a debt and holds money: none of it can leave while
 * the debt is open (refuseWhileOwing) and they cannot play the win that would repay it, so it stays until
 * an operator collects the debt from it or writes it off (debt-actions.service.ts).
 */
export interface OwingUnderProtection {
  memberId: number;
  loginId: string;
  currency: string;
  owed: number;
  cash: number;
  vault: number;
  /** Held for a withdrawal asked before the debt: the cashier cannot pay it while the debt is open. */
  held: number;
  protection: ProtectionKind;
  /** When the period ends (ISO); null for a permanent self-exclusion. */
  until: string | null;
}

/**
 * The members under protection who owe and hold money (sql/wallet_debts_under_protection.sql), the first
 * `limit` (self-exclusions first), and how many there are in all: the dashboard names them so an owner
 * returns their money.
 */
export async function owingUnderProtection(
  db: DbOrTx,
  limit: number,
): Promise<{ members: OwingUnderProtection[]; total: number }> {
  const rows = await queryRows<{
    member_id: number;
    login_id: string;
    currency: string;
    owed: number;
    cash: number;
    vault: number;
    held: number;
    kind: ProtectionKind;
    ends_at: Date | string | null;
    total: number;
  }>(db, sql`select * from wallet_debts_under_protection(${limit}::int)`);
  return {
    members: rows.map((r) => ({
      memberId: Number(r.member_id),
      loginId: r.login_id,
      currency: r.currency,
      owed: Number(r.owed),
      cash: Number(r.cash),
      vault: Number(r.vault),
      held: Number(r.held),
      protection: r.kind,
      until: r.ends_at === null ? null : new Date(r.ends_at).toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
