import type { Db, Tx } from '../../db/client.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { errors } from '../../http/errors.ts';
import { memberExists } from '../accounts/members.service.ts';
import { refuseWhileOwing } from '../games/wallet/debts.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import {
  IdempotencyConflict,
  InsufficientFunds,
  type MemberBalances,
  memberBalances,
  memberCurrencies,
  referenceOfTransfer,
  transfer,
} from '../ledger/ledger.service.ts';
import { type AuditedChange, audited, type Who } from './audited.ts';

export interface Adjustment {
  /** Positive credits the member's cash, negative debits it. */
  amount: number;
  reason: string;
  /** The idempotency key: the same key and body again is the same adjustment, applied once. */
  key: string;
}

const UNIQUE_VIOLATION = '23505';

const keyReused = () => errors.duplicate('this idempotency key was already used for a different adjustment');

/**
 * A manual correction of a member's cash, against the adjustments account, with a mandatory reason.
 * The same key with the same body answers as the first time and moves nothing; with another amount,
 * direction, member or reason it is refused (409 `duplicate`) and changes nothing. A debit is refused
 * while the member owes a debt (409 `debt`).
 */
export async function adjustBalance(
  db: Db,
  id: number,
  input: Adjustment,
  who: Who,
): Promise<MemberBalances> {
  const run = () => audited(db, who, 'members.adjust', (tx) => applyAdjustment(tx, id, input, who));
  try {
    return await run();
  } catch (error) {
    // Two requests under one key for different members lock different accounts, so they can race
    // to record it: the loser runs again and now finds the winner's transfer (a repeat or a conflict).
    if (sqlStateOf(error) === UNIQUE_VIOLATION) return run();
    throw error;
  }
}

async function applyAdjustment(
  tx: Tx,
  id: number,
  input: Adjustment,
  who: Who,
): Promise<AuditedChange<MemberBalances>> {
  if (!(await memberExists(tx, id))) throw errors.notFound(`member ${id}`);
  const idempotencyKey = `adjustment:${input.key}`;
  const credit = input.amount > 0;
  // While the member owes, a debit would charge them twice once a win repays the debt: refused (409
  // `debt`); the operator collects the debt from cash or writes it off. A repeat of a debit made
  // before the debt still answers as the first time.
  if (!credit && (await referenceOfTransfer(tx, idempotencyKey)) === undefined) {
    await refuseWhileOwing(tx, id, 'debit');
  }
  let applied: boolean;
  try {
    ({ applied } = await transfer(tx, {
      idempotencyKey,
      from: credit ? { house: 'adjustments' } : { memberId: id, kind: 'cash' },
      to: credit ? { memberId: id, kind: 'cash' } : { house: 'adjustments' },
      amount: Math.abs(input.amount),
      kind: 'adjustment',
      reference: { reason: input.reason, operator: who.operator.login },
    }));
  } catch (error) {
    if (error instanceof IdempotencyConflict) throw keyReused();
    if (error instanceof InsufficientFunds) {
      throw errors.insufficientBalance('the member does not have that much cash', {
        balance: error.balance,
      });
    }
    throw error;
  }
  // The ledger matched the accounts and the amount; the reason is the adjustment's own.
  if (!applied && (await referenceOfTransfer(tx, idempotencyKey))?.reason !== input.reason) throw keyReused();
  if (applied) {
    // Signed: the member reads "+50,000" or "-50,000".
    await tellMember(tx, id, 'correction', { amount: input.amount, reason: input.reason }, { lasting: true });
  }
  const balances = await memberBalances(tx, id);
  // What an auditor needs without joining the ledger: the currency the amount is in (sites differ), the
  // cash it changed, and the key that names its transfer (`adjustment:<key>`).
  const currency = (await memberCurrencies(tx, [id])).get(id) ?? '';
  return {
    target: `member:${id}`,
    before: { cash: balances.cash - input.amount },
    after: { cash: balances.cash, amount: input.amount, currency, reason: input.reason, key: input.key },
    result: balances,
    unchanged: !applied,
  };
}
