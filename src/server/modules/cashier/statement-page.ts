import type { STATEMENT_KINDS } from '../../../shared/contract/cashier-routes.ts';
import type { Db } from '../../db/client.ts';
import type { HistoryQuery } from '../games/bet-page.ts';
import { memberStatementPage } from '../ledger/statement.service.ts';
import { toStatementLine } from './history.service.ts';

/** The transfer kinds behind each statement filter a member can choose. */
export const STATEMENT_KIND_GROUPS: Record<(typeof STATEMENT_KINDS)[number], string[]> = {
  deposit: ['deposit'],
  withdraw: ['withdrawal', 'withdraw_hold', 'withdraw_return'],
  // A win's correction and the debt it left, repaid from a later credit, are the games' money too.
  game: ['bet', 'win', 'bet_rollback', 'jackpot_win', 'settlement_correction', 'debt_collection'],
  comp: ['comp_accrual', 'comp_exchange', 'comp_reversal'],
  adjustment: ['adjustment', 'adjustment_reversal'],
};

/**
 * One page of the member's ledger movements, newest first (the ledger's read API: a few short index
 * scans whatever the size of the table; a transfer between two of the member's own accounts is two
 * lines and never split across pages).
 */
export async function statementPage(
  db: Db,
  memberId: number,
  query: HistoryQuery & { kind?: (typeof STATEMENT_KINDS)[number] | undefined },
) {
  const { lines, next } = await memberStatementPage(
    db,
    memberId,
    {
      before: query.before,
      from: query.from,
      to: query.to,
      kinds: query.kind ? STATEMENT_KIND_GROUPS[query.kind] : undefined,
    },
    query.pageSize,
  );
  return {
    list: lines.map(toStatementLine),
    next,
  };
}
