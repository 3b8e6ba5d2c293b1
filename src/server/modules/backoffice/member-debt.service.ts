import type { Db, Tx } from '../../db/client.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { errors } from '../../http/errors.ts';
import { memberExists } from '../accounts/members.service.ts';
import {
  collectDebtFromCash,
  type DebtActionInput,
  type DebtActionOutcome,
  writeOffDebt,
} from '../games/wallet/debt-actions.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import { type MemberBalances, memberBalances, memberCurrencies } from '../ledger/ledger.service.ts';
import { type AuditedChange, audited, type Who } from './audited.ts';

export interface DebtActionRequest {
  reason: string;
  /** The idempotency key: the same key and body again is the same action, applied once. */
  key: string;
}

export type DebtActionReply = DebtActionOutcome & { balances: MemberBalances };

const UNIQUE_VIOLATION = '23505';

/**
 * An operator writes off a member's open debt (members.debt.write_off): the house absorbs it, the
 * member's balances do not change, withdrawals are possible again. Audited with its amount and currency.
 */
export const writeOffMemberDebt = (db: Db, id: number, input: DebtActionRequest, who: Who) =>
  act(db, id, input, who, 'members.debt.write_off', writeOffDebt);

/**
 * An operator pays a member's open debt from their cash (members.debt.collect), as much as the cash
 * holds: what to do instead of a debit adjustment, which is refused while a debt is open. The member is
 * told, as of an adjustment.
 */
export const collectMemberDebt = (db: Db, id: number, input: DebtActionRequest, who: Who) =>
  act(db, id, input, who, 'members.debt.collect', async (tx, member, action) => {
    const outcome = await collectDebtFromCash(tx, member, action);
    if (outcome.applied) {
      await tellMember(
        tx,
        member,
        'correction',
        { amount: -outcome.amount, reason: action.reason },
        { lasting: true },
      );
    }
    return outcome;
  });

async function act(
  db: Db,
  id: number,
  input: DebtActionRequest,
  who: Who,
  action: string,
  change: (tx: Tx, member: number, input: DebtActionInput) => Promise<DebtActionOutcome>,
): Promise<DebtActionReply> {
  const run = () =>
    audited(db, who, action, async (tx): Promise<AuditedChange<DebtActionReply>> => {
      if (!(await memberExists(tx, id))) throw errors.notFound(`member ${id}`);
      const outcome = await change(tx, id, { ...input, operator: who.operator.login });
      const balances = await memberBalances(tx, id);
      const cashBefore = balances.cash + (outcome.kind === 'cash' ? outcome.amount : 0);
      // What an auditor needs without joining the ledger: the currency (sites differ), the debt and
      // cash before and after, the reason and the key.
      const currency = (await memberCurrencies(tx, [id])).get(id) ?? '';
      return {
        target: `member:${id}`,
        before: { owed: outcome.owedBefore, cash: cashBefore },
        after: {
          owed: outcome.owedAfter,
          cash: balances.cash,
          amount: outcome.amount,
          currency,
          reason: input.reason,
          key: input.key,
        },
        result: { ...outcome, balances },
        unchanged: !outcome.applied,
      };
    });
  try {
    return await run();
  } catch (error) {
    // Two requests under one key for different members lock different rows, so they can race to
    // record it: the loser runs again and now finds the winner's action (a repeat or a conflict).
    if (sqlStateOf(error) === UNIQUE_VIOLATION) return run();
    throw error;
  }
}
