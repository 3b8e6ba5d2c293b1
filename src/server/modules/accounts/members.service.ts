import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { members } from './accounts.schema.ts';

/*
 * The member record as other modules use it: the back office's member screens, protection's status,
 * the support and cashier queues' member columns. Only the accounts module names its tables; the
 * others call these.
 */

export type MemberRow = typeof members.$inferSelect;
export type MemberStatus = MemberRow['status'];

export async function findMember(db: DbOrTx, id: number): Promise<MemberRow | undefined> {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  return member;
}

export async function memberExists(db: DbOrTx, id: number): Promise<boolean> {
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.id, id));
  return member !== undefined;
}

/**
 * Locks the member row (`for update`) until the transaction ends and gives its status and level, or
 * undefined when there is no such member. Whoever changes a member's status takes this lock first.
 */
export async function lockMember(
  tx: DbOrTx,
  id: number,
): Promise<{ status: MemberStatus; level: number } | undefined> {
  const [member] = await tx
    .select({ status: members.status, level: members.level })
    .from(members)
    .where(eq(members.id, id))
    .for('update');
  return member;
}

/**
 * The member's status under a share lock held until the transaction ends: a status change (a break
 * being set) waits for this transaction, or this one sees it.
 */
export async function memberStatusShared(tx: DbOrTx, id: number): Promise<string | undefined> {
  const [member] = await queryRows<{ status: string }>(
    tx,
    sql`select status from members where id = ${id} for share`,
  );
  return member?.status;
}

/**
 * Sets fields of the member; with `onlyIfStatus`, only while the member has that status. True when a
 * row changed.
 */
export async function updateMember(
  tx: DbOrTx,
  id: number,
  patch: Partial<Pick<MemberRow, 'status' | 'level' | 'passwordHash' | 'passwordResetAt'>>,
  onlyIfStatus?: MemberStatus,
): Promise<boolean> {
  const changed = await tx
    .update(members)
    .set(patch)
    .where(
      onlyIfStatus === undefined
        ? eq(members.id, id)
        : sql`${members.id} = ${id} and ${members.status} = ${onlyIfStatus}`,
    )
    .returning({ id: members.id });
  return changed.length > 0;
}

/** What the operators' queues and lists show of a member beside a request, ticket or entry. */
export interface MemberCard {
  id: number;
  siteId: number;
  loginId: string;
  nick: string;
  level: number;
  status: MemberStatus;
  bankName: string;
  bankOwner: string;
  bankNumber: string;
}

/** The cards of these members, by id (one primary-key look-up each; unknown ids are absent). */
export async function memberCards(db: DbOrTx, ids: readonly number[]): Promise<Map<number, MemberCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      siteId: members.siteId,
      loginId: members.loginId,
      nick: members.nick,
      level: members.level,
      status: members.status,
      bankName: members.bankName,
      bankOwner: members.bankOwner,
      bankNumber: members.bankNumber,
    })
    .from(members)
    .where(inArray(members.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

interface FoundRow {
  id: number;
  site_id: number;
  login_id: string;
  nick: string;
  level: number;
  status: string;
  created_at: Date | string;
}

/** Trigrams need three characters: a shorter q is searched by prefix only. */
const CONTAINS_FROM = 3;

/**
 * Members whose login, nick, phone or bank number is q or starts with it (login and nick in any case;
 * phone and bank number without dashes or spaces), and, unless one of them is exactly q, those whose
 * login, nick or phone contains q (from three characters: "emo" finds "demo"). Exact matches first,
 * then those starting with q, then the newest. Each column is one look-up in its prefix index
 * (migration 0015) or trigram index (migration 0036), cut at 50, so a search costs a few index
 * look-ups at any number of members. A full login, nick or phone (an exact match) skips the trigram
 * look-ups: they are the dear ones for a long q whose trigrams every login shares ("member…").
 * Without q: the 50 newest.
 */
export async function searchMembers(db: Db, query: string) {
  const columns = {
    id: members.id,
    siteId: members.siteId,
    loginId: members.loginId,
    nick: members.nick,
    level: members.level,
  };
  if (!query) {
    return db
      .select({ ...columns, status: members.status, createdAt: members.createdAt })
      .from(members)
      .orderBy(desc(members.id))
      .limit(50);
  }
  const escaped = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);
  const startsWith = (text: string) => `${escaped(text)}%`;
  const lower = query.toLowerCase();
  // Phone and bank number as digits: "010-1234 5678" finds 01012345678, "123-456" finds 123-456-789.
  const digits = query.replace(/[ -]/g, '');
  const prefixes = sql`(select id from members where lower(login_id) like ${startsWith(lower)} limit 50)
          union (select id from members where lower(nick) like ${startsWith(lower)} limit 50)
          union (select id from members where phone like ${startsWith(digits)} limit 50)
          union (select id from members where replace(bank_number, '-', '') like ${startsWith(digits)} limit 50)`;
  const found = (candidates: SQL) =>
    queryRows<FoundRow & { exact: boolean }>(
      db,
      sql`select m.id, m.site_id, m.login_id, m.nick, m.level, m.status, m.created_at,
                 (lower(m.login_id) = ${lower} or lower(m.nick) = ${lower}
                  or m.phone = ${digits} or replace(m.bank_number, '-', '') = ${digits}) as exact
          from members m
          where m.id in (${candidates})
          order by exact desc,
                   (lower(m.login_id) like ${startsWith(lower)} or lower(m.nick) like ${startsWith(lower)}
                    or m.phone like ${startsWith(digits)}) desc,
                   m.id desc
          limit 50`,
    );
  let rows = await found(prefixes);
  if (!rows.some((r) => r.exact) && Math.max(lower.length, digits.length) >= CONTAINS_FROM) {
    // Any part: the trigram indexes (a shorter q would read the whole index, so it stays a prefix).
    const nameLike = `%${escaped(lower)}%`;
    const phoneLike = `%${escaped(digits)}%`;
    const names =
      lower.length >= CONTAINS_FROM
        ? sql`union (select id from members where lower(login_id) like ${nameLike} limit 50)
          union (select id from members where lower(nick) like ${nameLike} limit 50)`
        : sql``;
    const phones =
      digits.length >= CONTAINS_FROM
        ? sql`union (select id from members where phone like ${phoneLike} limit 50)`
        : sql``;
    rows = await found(sql`${prefixes} ${names} ${phones}`);
  }
  return rows.map((r) => ({
    id: Number(r.id),
    siteId: Number(r.site_id),
    loginId: r.login_id,
    nick: r.nick,
    level: r.level,
    status: r.status as MemberStatus,
    createdAt: new Date(r.created_at),
  }));
}
