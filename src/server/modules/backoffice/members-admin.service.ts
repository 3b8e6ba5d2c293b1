import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import {
  findMember,
  lockMember,
  memberExists,
  searchMembers,
  updateMember,
} from '../accounts/members.service.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { loginsOf, revokeAllSessions } from '../accounts/sessions.service.ts';
import { statement } from '../cashier/history.service.ts';
import { betHistory } from '../games/bets.service.ts';
import { memberDebt } from '../games/wallet/debts.service.ts';
import { notesOfMember } from '../inbox/notes.service.ts';
import { memberBalances, memberCurrencies } from '../ledger/ledger.service.ts';
import { ticketsOfMember } from '../support/help-tickets.service.ts';
import { audited, type Who } from './audited.ts';
import { memberProfileView } from './backoffice.presenter.ts';

const notFound = (id: number) => errors.notFound(`member ${id}`);

export { searchMembers };

/** How many of each list the member page shows: the latest ones. */
export const DETAIL_LIST_LIMIT = 50;

/**
 * Everything the member page shows, each list bounded to the latest DETAIL_LIST_LIMIT; the bank
 * account number whole only for `fullBankNumber` (memberProfileView).
 */
export async function memberDetail(db: Db, id: number, view: { fullBankNumber: boolean }) {
  const member = await findMember(db, id);
  if (!member) throw notFound(id);
  const page = { page: 1, pageSize: DETAIL_LIST_LIMIT };
  const [balances, statementPage, bets, tickets, notes, logins, debt, currencies] = await Promise.all([
    memberBalances(db, id),
    statement(db, id, page),
    betHistory(db, id, page),
    ticketsOfMember(db, id, DETAIL_LIST_LIMIT),
    notesOfMember(db, id, DETAIL_LIST_LIMIT),
    loginsOf(db, id, DETAIL_LIST_LIMIT),
    memberDebt(db, id, DETAIL_LIST_LIMIT),
    memberCurrencies(db, [id]),
  ]);
  return {
    profile: memberProfileView(member, view),
    balances,
    currency: currencies.get(id) ?? '',
    statement: statementPage.items,
    bets: bets.list,
    tickets,
    notes,
    logins,
    debt,
  };
}

/** Refuses (404) a member id that does not exist. */
export async function assertMemberExists(db: DbOrTx, id: number): Promise<void> {
  if (!(await memberExists(db, id))) throw notFound(id);
}

/**
 * Members of a site per level, for the levels screen: from member_level_counts (migration 0015),
 * kept as members register or change level, so at most 64 rows per level whatever the member count.
 */
export async function memberCountsByLevel(db: Db, siteId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ level: number; n: number }>(
    db,
    sql`select level, sum(members)::int8 as n from member_level_counts
        where site_id = ${siteId} group by level having sum(members) <> 0`,
  );
  return new Map(rows.map((r) => [r.level, r.n]));
}

/** Block or unblock; blocking ends every live session of the member at once. */
export function setMemberStatus(db: Db, id: number, status: 'active' | 'blocked', who: Who) {
  const action = `members.${status === 'blocked' ? 'block' : 'unblock'}`;
  return audited(db, who, action, async (tx) => {
    const locked = await lockMember(tx, id);
    if (!locked) throw notFound(id);
    const before = { status: locked.status };
    // A self-exclusion is the member's own protection: the back office cannot lift it.
    if (before.status === 'self_excluded') {
      throw errors.conflict('the member has excluded themselves; their status stays');
    }
    await updateMember(tx, id, { status });
    if (status === 'blocked') await revokeAllSessions(tx, id);
    return { target: `member:${id}`, before, after: { status }, result: undefined };
  });
}

export function setMemberLevel(db: Db, id: number, level: number, who: Who) {
  return audited(db, who, 'members.level', async (tx) => {
    const locked = await lockMember(tx, id);
    if (!locked) throw notFound(id);
    const before = { level: locked.level };
    await updateMember(tx, id, { level });
    return { target: `member:${id}`, before, after: { level }, result: undefined };
  });
}

/** A new random password, shown once to the operator (never audited); the member's sessions end. */
export async function resetMemberPassword(db: Db, id: number, who: Who): Promise<string> {
  const password = `${randomBytes(6).toString('base64url')}7a`;
  const passwordHash = await hashPassword(password);
  await audited(db, who, 'members.reset_password', async (tx) => {
    if (!(await updateMember(tx, id, { passwordHash, passwordResetAt: new Date() }))) throw notFound(id);
    await revokeAllSessions(tx, id);
    return { target: `member:${id}`, result: undefined };
  });
  return password;
}
