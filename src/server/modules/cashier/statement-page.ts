import {
  STATEMENT_KINDS,
  type StatementKind,
  TRANSFER_KIND_FILTERS,
  TRANSFER_KINDS,
  TRANSFER_KINDS_BY_HOUSE,
} from '../../../shared/vocabulary.ts';
import type { Db } from '../../db/client.ts';
import type { HistoryQuery } from '../games/bet-page.ts';
import { type KindFilter, memberStatementPage } from '../ledger/statement.service.ts';
import { toStatementLine } from './history.service.ts';

/**
 * The transfer kinds behind each statement filter a member can choose (the vocabulary says which): a
 * kind filed elsewhere when it touches a house account (TRANSFER_KINDS_BY_HOUSE) is kept under its own
 * filter only when it does not.
 */
export const STATEMENT_KIND_GROUPS = Object.fromEntries(
  STATEMENT_KINDS.map((filter) => {
    const own: KindFilter[] = TRANSFER_KINDS.filter((kind) => TRANSFER_KIND_FILTERS[kind] === filter).map(
      (kind) => {
        const moved = TRANSFER_KINDS_BY_HOUSE.find((m) => m.kind === kind);
        return moved ? { kind, house: moved.house, not: true } : kind;
      },
    );
    const moved = TRANSFER_KINDS_BY_HOUSE.filter((m) => m.filter === filter).map(({ kind, house }) => ({
      kind,
      house,
    }));
    return [filter, [...own, ...moved]];
  }),
) as Record<StatementKind, KindFilter[]>;

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
