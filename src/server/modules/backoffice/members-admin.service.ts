import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { members } from '../accounts/accounts.schema.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { loginsOf, revokeAllSessions } from '../accounts/sessions.repo.ts';
import { statement } from '../cashier/history.service.ts';
import { betHistory } from '../games/bets.service.ts';
import { memberDebt } from '../games/wallet/debts.service.ts';
import { notesOfMember } from '../inbox/notes.service.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { ticketsOfMember } from '../support/help-tickets.service.ts';
import { audited, type Who } from './audited.ts';
import { memberProfileView } from './backoffice.presenter.ts';

const notFound = (id: number) => errors.notFound(`member ${id}`);

interface FoundRow {
  id: number;
  login_id: string;
  nick: string;
  level: number;
  status: string;
  created_at: Date | string;
}

/**
 * Members whose login, nick, phone or bank number is q or starts with it (login and nick in any
 * case; phone and bank number without dashes or spaces): exact matches first, then the newest. Each column is one range of its prefix index
 * (migration 0015), cut at 50, so a search costs a few index look-ups at any number of members.
 * Without q: the 50 newest members.
 */
export async function searchMembers(db: Db, query: string) {
  const columns = { id: members.id, loginId: members.loginId, nick: members.nick, level: members.level };
  if (!query) {
    return db
      .select({ ...columns, status: members.status, createdAt: members.createdAt })
      .from(members)
      .orderBy(desc(members.id))
      .limit(50);
  }
  const startsWith = (text: string) => `${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const lower = query.toLowerCase();
  // Phone and bank number as digits: "010-1234 5678" finds 01012345678, "123-456" finds 123-456-789.
  const digits = query.replace(/[ -]/g, '');
  const rows = await queryRows<FoundRow>(
    db,
    sql`select m.id, m.login_id, m.nick, m.level, m.status, m.created_at
        from members m
        where m.id in (
          (select id from members where lower(login_id) like ${startsWith(lower)} limit 50)
          union (select id from members where lower(nick) like ${startsWith(lower)} limit 50)
          union (select id from members where phone like ${startsWith(digits)} limit 50)
          union (select id from members where replace(bank_number, '-', '') like ${startsWith(digits)} limit 50))
        order by (lower(m.login_id) = ${lower} or lower(m.nick) = ${lower}
                  or m.phone = ${digits} or replace(m.bank_number, '-', '') = ${digits}) desc, m.id desc
        limit 50`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    loginId: r.login_id,
    nick: r.nick,
    level: r.level,
    status: r.status as (typeof members.$inferSelect)['status'],
    createdAt: new Date(r.created_at),
  }));
}

/** How many of each list the member page shows: the latest ones. */
export const DETAIL_LIST_LIMIT = 50;

/** Everything the member page shows, each list bounded to the latest DETAIL_LIST_LIMIT. */
export async function memberDetail(db: Db, id: number) {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  if (!member) throw notFound(id);
  const page = { page: 1, pageSize: DETAIL_LIST_LIMIT };
  const [balances, statementPage, bets, tickets, notes, logins, debt] = await Promise.all([
    memberBalances(db, id),
    statement(db, id, page),
    betHistory(db, id, page),
    ticketsOfMember(db, id, DETAIL_LIST_LIMIT),
    notesOfMember(db, id, DETAIL_LIST_LIMIT),
    loginsOf(db, id, DETAIL_LIST_LIMIT),
    memberDebt(db, id, DETAIL_LIST_LIMIT),
  ]);
  return {
    profile: memberProfileView(member),
    balances,
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
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.id, id));
  if (!member) throw notFound(id);
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
    const [before] = await tx
      .select({ status: members.status })
      .from(members)
      .where(eq(members.id, id))
      .for('update');
    if (!before) throw notFound(id);
    // A self-exclusion is the member's own protection: the back office cannot lift it.
    if (before.status === 'self_excluded') {
      throw errors.conflict('the member has excluded themselves; their status stays');
    }
    await tx.update(members).set({ status }).where(eq(members.id, id));
    if (status === 'blocked') await revokeAllSessions(tx, id);
    return { target: `member:${id}`, before, after: { status }, result: undefined };
  });
}

export function setMemberLevel(db: Db, id: number, level: number, who: Who) {
  return audited(db, who, 'members.level', async (tx) => {
    const [before] = await tx.select({ level: members.level }).from(members).where(eq(members.id, id));
    if (!before) throw notFound(id);
    await tx.update(members).set({ level }).where(eq(members.id, id));
    return { target: `member:${id}`, before, after: { level }, result: undefined };
  });
}

/** A new random password, shown once to the operator (never audited); the member's sessions end. */
export async function resetMemberPassword(db: Db, id: number, who: Who): Promise<string> {
  const password = `${randomBytes(6).toString('base64url')}7a`;
  const passwordHash = await hashPassword(password);
  await audited(db, who, 'members.reset_password', async (tx) => {
    const updated = await tx
      .update(members)
      .set({ passwordHash })
      .where(eq(members.id, id))
      .returning({ id: members.id });
    if (updated.length === 0) throw notFound(id);
    await revokeAllSessions(tx, id);
    return { target: `member:${id}`, result: undefined };
  });
  return password;
}
