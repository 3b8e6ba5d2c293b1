import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { MemberUser } from '../../../shared/contract/routes.ts';
import type { Config } from '../../config.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { sessions } from './accounts.schema.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionMember {
  memberId: number;
  sessionId: number;
  status: string;
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
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** After a password change every other session of the member ends. */
export async function revokeOtherSessions(db: DbOrTx, memberId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

interface SessionMemberRow {
  session_id: number;
  member_id: number;
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
}

/**
 * The member behind a live session, with balances, in one round trip: checks expiry (idle and
 * absolute), refreshes last-seen when it is stale enough to matter, and joins the ledger accounts.
 */
export async function findSessionMember(
  db: DbOrTx,
  config: Config,
  token: string,
): Promise<SessionMember | undefined> {
  const idleMs = config.sessionIdleMs;
  const touchAfterMs = Math.min(60_000, Math.floor(idleMs / 10));
  const [row] = await queryRows<SessionMemberRow>(
    db,
    sql`
    with s as (
      select id, member_id, last_seen_at from sessions
      where token_hash = ${hashToken(token)} and revoked_at is null and expires_at > now()
        and last_seen_at > now() - ${idleMs}::float8 * interval '1 millisecond'
    ), touched as (
      update sessions set last_seen_at = now() from s
      where sessions.id = s.id and s.last_seen_at < now() - ${touchAfterMs}::float8 * interval '1 millisecond'
    )
    select s.id as session_id, m.id as member_id, m.status, m.login_id, m.nick, m.phone, m.level,
           m.bank_name, m.bank_owner, m.bank_number,
           coalesce(cash.balance, 0) as cash, coalesce(held.balance, 0) as held, coalesce(comp.balance, 0) as comp
    from s
    join members m on m.id = s.member_id and m.status <> 'blocked'
    left join ledger_accounts cash on cash.member_id = m.id and cash.kind = 'cash'
    left join ledger_accounts held on held.member_id = m.id and held.kind = 'held'
    left join ledger_accounts comp on comp.member_id = m.id and comp.kind = 'comp'`,
  );
  if (!row) return undefined;
  return {
    memberId: row.member_id,
    sessionId: row.session_id,
    status: row.status,
    user: {
      userId: row.login_id,
      nick: row.nick,
      phone: row.phone,
      level: row.level,
      balance: row.cash,
      in_balance: row.held,
      rolling: row.comp,
      bankname: row.bank_name,
      bankOwner: row.bank_owner,
      banknum: row.bank_number,
    },
  };
}
