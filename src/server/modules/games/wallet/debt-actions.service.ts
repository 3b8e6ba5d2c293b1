import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import {
  accountIdSql,
  lockMemberCash,
  lockMemberCashAndHouse,
  memberBalances,
} from '../../ledger/ledger.service.ts';
import { OPERATOR_PROVIDER } from './debts.service.ts';

/** `write_off`: the house absorbs the debt; `cash`: it is paid from the member's cash. */
export type DebtActionKind = 'write_off' | 'cash';

export interface DebtActionInput {
  /** The operator's idempotency key: the same key and body again is the same action, applied once. */
  key: string;
  reason: string;
  /** The operator's login, kept with the action. */
  operator: string;
}

export interface DebtActionOutcome {
  /** False when the key had already been applied: its first outcome again, nothing moved. */
  applied: boolean;
  kind: DebtActionKind;
  /** What the action took off the debt (a collection: what it moved from cash). */
  amount: number;
  owedBefore: number;
  owedAfter: number;
}

/**
 * Ends a member's open debt without taking money from them: the house absorbs it. No transfer: a debt
 * is a record beside the ledger (wallet_take_back moved only what cash held; the rest of the loss was
 * already the house's, in game revenue, when the win was paid), so writing it off changes the record
 * only. Each round's debt is kept as written off (wallet_round_debts): a later correction of that round
 * in the member's favour restores it before paying anything (wallet_restore_write_off), so a win taken
 * back, written off and given back is paid once. Refused (409) when nothing is owed.
 */
export async function writeOffDebt(
  tx: Tx,
  memberId: number,
  input: DebtActionInput,
): Promise<DebtActionOutcome> {
  // The lock every change of the debt takes first (wallet_take_back's caller, refuseWhileOwing).
  await lockMemberCash(tx, memberId);
  const earlier = await earlierAction(tx, memberId, 'write_off', input);
  if (earlier) return earlier;
  const owed = await openDebt(tx, memberId, 'write off');
  await recordAction(tx, memberId, 'write_off', owed, owed, input);
  await queryRows(
    tx,
    sql`update wallet_debts set amount = amount - ${owed}, updated_at = now() where member_id = ${memberId}`,
  );
  await queryRows(
    tx,
    sql`update wallet_round_debts set written_off = written_off + owed, owed = 0, updated_at = now()
        where member_id = ${memberId} and owed > 0`,
  );
  await queryRows(
    tx,
    sql`insert into wallet_debt_entries (member_id, amount, provider, round_id, tx_id)
        values (${memberId}, ${-owed}, ${OPERATOR_PROVIDER}, '', ${input.key})`,
  );
  return { applied: true, kind: 'write_off', amount: owed, owedBefore: owed, owedAfter: 0 };
}

/**
 * Pays a member's open debt from their cash, as much as it holds (never below zero): through
 * wallet_collect_debt, the rule a win's collection follows (cash to the house's game revenue, key
 * `debt-collection:backoffice:<key>`). Refused (409) when nothing is owed or the cash is empty.
 */
export async function collectDebtFromCash(
  tx: Tx,
  memberId: number,
  input: DebtActionInput,
): Promise<DebtActionOutcome> {
  const cash = { memberId, kind: 'cash' } as const;
  const house = { house: 'game_revenue' } as const;
  // Accounts first, then the debt: the order a win's collection takes them (wallet_collect_debt).
  await lockMemberCashAndHouse(tx, memberId, house.house);
  const earlier = await earlierAction(tx, memberId, 'cash', input);
  if (earlier) return earlier;
  const owed = await openDebt(tx, memberId, 'collect');
  const balance = (await memberBalances(tx, memberId)).cash;
  const amount = Math.min(owed, balance);
  if (amount <= 0) {
    throw errors.insufficientBalance('the member has no cash to collect the debt from', { balance, owed });
  }
  await recordAction(tx, memberId, 'cash', amount, owed, input);
  await queryRows(
    tx,
    sql`select wallet_collect_debt(${memberId}, ${accountIdSql(cash, memberId)}, ${accountIdSql(house, memberId)},
          ${OPERATOR_PROVIDER}, '', ${input.key}, ${amount}::int8)`,
  );
  return { applied: true, kind: 'cash', amount, owedBefore: owed, owedAfter: owed - amount };
}

/** What the member owes now, locked; a 409 when nothing. */
async function openDebt(tx: Tx, memberId: number, what: string): Promise<number> {
  const [row] = await queryRows<{ amount: number }>(
    tx,
    sql`select amount from wallet_debts where member_id = ${memberId} and amount > 0 for update`,
  );
  const owed = Number(row?.amount ?? 0);
  if (owed <= 0)
    throw errors.conflict(`the member owes nothing: there is no open debt to ${what}`, { owed: 0 });
  return owed;
}

/**
 * The action already recorded under this key: its first outcome when it is this one (same member, kind
 * and reason), a 409 `duplicate` when the key named another.
 */
async function earlierAction(
  tx: Tx,
  memberId: number,
  kind: DebtActionKind,
  input: DebtActionInput,
): Promise<DebtActionOutcome | undefined> {
  const [row] = await queryRows<{
    member_id: number;
    kind: DebtActionKind;
    amount: number;
    owed_before: number;
    reason: string;
  }>(
    tx,
    sql`select member_id, kind, amount, owed_before, reason from wallet_debt_actions where key = ${input.key}`,
  );
  if (!row) return undefined;
  if (Number(row.member_id) !== memberId || row.kind !== kind || row.reason !== input.reason) {
    throw errors.duplicate('this idempotency key was already used for a different action');
  }
  const amount = Number(row.amount);
  const owedBefore = Number(row.owed_before);
  return { applied: false, kind, amount, owedBefore, owedAfter: owedBefore - amount };
}

async function recordAction(
  tx: Tx,
  memberId: number,
  kind: DebtActionKind,
  amount: number,
  owedBefore: number,
  input: DebtActionInput,
): Promise<void> {
  await queryRows(
    tx,
    sql`insert into wallet_debt_actions (key, member_id, kind, amount, owed_before, reason, operator)
        values (${input.key}, ${memberId}, ${kind}, ${amount}, ${owedBefore}, ${input.reason}, ${input.operator})`,
  );
}
