import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { MemberNewsItem, MemberUser } from '../../../shared/contract/routes.ts';
import type { Config } from '../../config.ts';
import { type Db, type DbOrTx, preparedRows } from '../../db/client.ts';
import { NOTE_VISIBLE_SQL } from '../inbox/inbox.schema.ts';
import { notifyMembers } from '../live/live.notify.ts';
import { sessions } from './accounts.schema.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionMember {
  memberId: number;
  /** The member's own site: a session is good only on that site's hosts. */
  siteId: number;
  sessionId: number;
  status: string;
  /** Filled when the lookup asked for counts (the health check); zeros otherwise. */
  counts: { notes: number; helps: number };
  /** The newest news row (counts lookups only): what the live stream shows on screen. */
  news: MemberNewsItem | null;
  /** What the member owes (counts lookups only; wallet_debts): no money leaves until it is repaid. */
  owed: number;
  user: MemberUser;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** 256 random bits, handed to the client once; only the hash is stored. */
export async function createSession(
  db: DbOrTx,
  config: Config,
  memberId: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionMaxMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** Ends a live session; false when the token names none. */
export async function revokeSession(db: DbOrTx, token: string): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ memberId: sessions.memberId });
  await notifyMembers(
    db,
    revoked.map((row) => row.memberId),
  );
  return revoked.length > 0;
}

/** Blocking a member or resetting their password ends every session they have. */
export async function revokeAllSessions(db: DbOrTx, memberId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  await notifyMembers(db, [memberId]);
}

/** After a password change (or "sign out others") every other session of the member ends; how many did. */
export async function revokeOtherSessions(db: DbOrTx, memberId: number, keepSessionId: number) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await notifyMembers(db, [memberId]);
  return ended.length;
}

/**
 * The member's live sessions (not ended, not expired, and when `idleMs` is given not idle past it),
 * newest first.
 */
export async function activeSessionsOf(db: DbOrTx, memberId: number, idleMs?: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        idleMs === undefined
          ? undefined
          : gt(sessions.lastSeenAt, sql`now() - ${idleMs}::float8 * interval '1 millisecond'`),
      ),
    )
    .orderBy(desc(sessions.id))
    .limit(50);
}

interface SessionMemberRow {
  session_id: number;
  token_hash: string;
  stale: boolean;
  member_id: number;
  site_id: number;
  status: string;
  login_id: string;
  nick: string;
  phone: string;
  level: number;
  bank_name: string;
  bank_owner: string;
  bank_number: string;
  cash: number;
  held: number;
  comp: number;
  bonus: number;
  currency: string;
  note_count?: number;
  help_count?: number;
  news?: MemberNewsItem | null;
  owed?: number;
}

/** Unread notes and answered help tickets not yet read: the header's badges. */
const COUNTS_SQL = `,
  (select count(*) from notes n
    left join note_receipts r on r.note_id = n.id and r.member_id = m.id
    where ${NOTE_VISIBLE_SQL} and r.read_at is null and r.deleted_at is null) as note_count,
  (select count(*) from help_tickets h
    where h.member_id = m.id and h.status = 'already' and h.read_at is null and not h.hidden_by_member) as help_count,
  (select json_build_object('id', mn.id, 'key', mn.msg_key, 'params', mn.msg_params) from member_news mn
    where mn.member_id = m.id order by mn.id desc limit 1) as news,
  coalesce((select d.amount from wallet_debts d where d.member_id = m.id), 0) as owed`;

const sessionMemberSql = (withCounts: boolean, tokenMatch: string) => `
  select s.id as session_id, s.token_hash, s.last_seen_at < now() - $3::float8 * interval '1 millisecond' as stale,
         m.id as member_id, m.site_id, m.status, m.login_id, m.nick, m.phone, m.level,
         m.bank_name, m.bank_owner, m.bank_number,
         coalesce(cash.balance, 0) as cash, coalesce(held.balance, 0) as held, coalesce(comp.balance, 0) as comp,
         coalesce(bonus.balance, 0) as bonus,
         coalesce(cash.currency, '') as currency
         ${withCounts ? COUNTS_SQL : ''}
  from sessions s
  join members m on m.id = s.member_id and m.status <> 'blocked'
  left join ledger_accounts cash on cash.member_id = m.id and cash.kind = 'cash'
  left join ledger_accounts held on held.member_id = m.id and held.kind = 'held'
  left join ledger_accounts comp on comp.member_id = m.id and comp.kind = 'comp'
  left join ledger_accounts bonus on bonus.member_id = m.id and bonus.kind = 'bonus'
  where ${tokenMatch} and s.revoked_at is null and s.expires_at > now()
    and s.last_seen_at > now() - $2::float8 * interval '1 millisecond'`;

const SESSION_MEMBER_SQL = sessionMemberSql(false, 's.token_hash = $1');
const SESSION_MEMBER_COUNTS_SQL = sessionMemberSql(true, 's.token_hash = $1');
const SESSION_MEMBERS_COUNTS_SQL = sessionMemberSql(true, 's.token_hash = any($1::text[])');

/**
 * The member behind a live session, with balances, in one round trip: every member request and
 * the 30-second health check pay it. It checks idle and absolute expiry; last-seen is written back
 * only when it is older than a tenth of the idle limit (at most once a minute), so the common case
 * is a single read. `touch: false` (a live stream re-reading its state) writes nothing: a stream is
 * not the member at work, and an open tab in the background would otherwise keep its session from
 * ever ending by idleness.
 */
export async function findSessionMember(
  db: Db,
  config: Config,
  token: string,
  options: { withCounts?: boolean; touch?: boolean } = {},
): Promise<SessionMember | undefined> {
  const [name, text] = options.withCounts
    ? ['session_member_counts', SESSION_MEMBER_COUNTS_SQL]
    : ['session_member', SESSION_MEMBER_SQL];
  const [row] = await preparedRows<SessionMemberRow>(db, name, text, [hashToken(token), ...expiryOf(config)]);
  if (row?.stale && options.touch !== false) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.session_id));
  }
  return row && sessionMemberOf(row);
}

/**
 * Many sessions' members (with counts) in one round trip, for the live streams when a change reaches
 * everyone: the answer has an entry for each token whose session is live. Last-seen is not written:
 * a stream is not the member at work.
 */
export async function findSessionMembers(
  db: Db,
  config: Config,
  tokens: readonly string[],
): Promise<Map<string, SessionMember>> {
  const byHash = new Map(tokens.map((token) => [hashToken(token), token]));
  const rows = await preparedRows<SessionMemberRow>(
    db,
    'session_members_counts',
    SESSION_MEMBERS_COUNTS_SQL,
    [[...byHash.keys()], ...expiryOf(config)],
  );
  return new Map(rows.map((row) => [byHash.get(row.token_hash)!, sessionMemberOf(row)]));
}

/** The idle limit and how stale last-seen may grow before it is written back. */
function expiryOf(config: Config): [number, number] {
  const idleMs = config.sessionIdleMs;
  return [idleMs, Math.min(60_000, Math.floor(idleMs / 10))];
}

function sessionMemberOf(row: SessionMemberRow): SessionMember {
  return {
    memberId: row.member_id,
    siteId: Number(row.site_id),
    sessionId: row.session_id,
    status: row.status,
    counts: { notes: row.note_count ?? 0, helps: row.help_count ?? 0 },
    news: row.news ?? null,
    owed: Number(row.owed ?? 0),
    user: {
      userId: row.login_id,
      nick: row.nick,
      phone: row.phone,
      level: row.level,
      balance: row.cash,
      in_balance: row.held,
      rolling: row.comp,
      bonus: row.bonus,
      bankname: row.bank_name,
      bankOwner: row.bank_owner,
      banknum: row.bank_number,
      currency: row.currency,
    },
  };
}

/** Every login makes a session, so a member's sessions are their login history, newest first. */
export async function loginsOf(db: DbOrTx, memberId: number, limit: number) {
  return db
    .select({
      at: sessions.createdAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      lastSeenAt: sessions.lastSeenAt,
      endedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(desc(sessions.id))
    .limit(limit);
}

/** This session's log-in and the one before, from the session history (my page). */
export async function recentLogins(db: DbOrTx, memberId: number, sessionId: number) {
  const rows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), lte(sessions.id, sessionId)))
    .orderBy(desc(sessions.id))
    .limit(2);
  const view = (r: (typeof rows)[number] | undefined) =>
    r ? { at: new Date(r.createdAt).toISOString(), ip: r.ip } : null;
  return { currentLogin: view(rows[0]), lastLogin: view(rows[1]) };
}

/** When the member's session began (undefined: not this member's session). */
export async function sessionStartedAt(db: DbOrTx, memberId: number, sessionId: number) {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId)));
  return row ? new Date(row.createdAt) : undefined;
}
