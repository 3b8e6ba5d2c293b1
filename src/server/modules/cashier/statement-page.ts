import {
  STATEMENT_KINDS,
  type StatementKind,
  TRANSFER_KIND_FILTERS,
  TRANSFER_KINDS,
  type TransferKind,
} from '../../../shared/vocabulary.ts';
import type { Db } from '../../db/client.ts';
import type { HistoryQuery } from '../games/bet-page.ts';
import { memberStatementPage } from '../ledger/statement.service.ts';
import { toStatementLine } from './history.service.ts';

/** The transfer kinds behind each statement filter a member can choose (the vocabulary says which). */
export const STATEMENT_KIND_GROUPS = Object.fromEntries(
  STATEMENT_KINDS.map((filter) => [
    filter,
    TRANSFER_KINDS.filter((kind) => TRANSFER_KIND_FILTERS[kind] === filter),
  ]),
) as Record<StatementKind, TransferKind[]>;

/**
 * One page of the member's ledger movements, newest first (the ledger's read API: a few short index
 * scans whatever the size of the table; a transfer between two of the member's own accounts is two
 * lines and never split across pages).
 */
export async function statementPage(
  db: Db,
  memberId: number,
  query: HistoryQuery & { kind?: StatementKind | undefined },
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
