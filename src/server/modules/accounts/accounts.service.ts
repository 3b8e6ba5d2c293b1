import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ParsedRequest } from '../../../shared/contract/routes.ts';
import { MSG, STATUS } from '../../../shared/messages.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { openMemberAccounts } from '../ledger/ledger.service.ts';
import { type Site, siteSummary } from '../sites/sites.service.ts';
import { members } from './accounts.schema.ts';
import { clearAccountFailures, recordFailure, secondsUntilAllowed } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, type NewSession, revokeOtherSessions, type SessionMember } from './sessions.repo.ts';

const idTaken = () => new ApiError(409, STATUS.alreadHaveUser, MSG.idTaken, 'this id is taken');
const nickTaken = () => new ApiError(409, STATUS.alreadHaveUser, MSG.nickTaken, 'this nick is taken');
const loginFailed = () => new ApiError(401, STATUS.invalid, MSG.loginFailed, 'wrong id or password');

async function isIdTaken(db: DbOrTx, loginId: string) {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  return row !== undefined;
}

async function isNickTaken(db: DbOrTx, nick: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.nick}) = lower(${nick})`);
  return row !== undefined;
}

export async function assertIdFree(db: Db, loginId: string) {
  if (await isIdTaken(db, loginId)) throw idTaken();
}

export async function assertNickFree(db: Db, nick: string) {
  if (await isNickTaken(db, nick)) throw nickTaken();
}

const newReferralCode = () => randomBytes(6).toString('base64url').toUpperCase().replace(/[-_]/g, 'X');

export async function register(db: Db, site: Site, input: ParsedRequest<'user-register'>): Promise<number> {
  const settings = siteSummary(site);
  if (!settings.registrationOpen) {
    throw new ApiError(403, STATUS.closed, MSG.registrationClosed, 'registration is closed on this site');
  }
  const code = input.code?.toUpperCase() ?? '';
  if (settings.referralRequired && code === '') {
    throw new ApiError(400, STATUS.cantFindCode, MSG.referralUnknown, 'a referral code is required');
  }
  const passwordHash = await hashPassword(input.pw);
  return db.transaction(async (tx) => {
    if (await isIdTaken(tx, input.id)) throw idTaken();
    if (await isNickTaken(tx, input.nick)) throw nickTaken();
    let referredBy: number | null = null;
    if (code !== '') {
      const [referrer] = await tx
        .select({ id: members.id })
        .from(members)
        .where(eq(members.referralCode, code));
      if (!referrer)
        throw new ApiError(400, STATUS.cantFindCode, MSG.referralUnknown, 'unknown referral code');
      referredBy = referrer.id;
    }
    const [member] = await tx
      .insert(members)
      .values({
        loginId: input.id,
        nick: input.nick,
        passwordHash,
        phone: input.phone,
        bankName: input.bankname,
        bankOwner: input.bankOwner,
        bankNumber: input.banknum,
        referralCode: newReferralCode(),
        referredBy,
        siteId: site.id,
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    // A concurrent registration took the id or nick between our check and the insert.
    if (!member) throw idTaken();
    await openMemberAccounts(tx, member.id);
    return member.id;
  });
}

export interface LoginInput {
  id: string;
  pw: string;
  ip: string;
  userAgent: string | undefined;
}

export async function login(
  db: Db,
  config: Config,
  input: LoginInput,
): Promise<NewSession & { userId: string }> {
  const loginId = input.id.trim().toLowerCase();
  const wait = await secondsUntilAllowed(db, config, loginId, input.ip);
  if (wait > 0) {
    throw new ApiError(429, STATUS.limited, MSG.loginLimited, 'too many failed logins, try again later', {
      retryAfter: wait,
    });
  }
  const [member] = await db
    .select({ id: members.id, hash: members.passwordHash, status: members.status, loginId: members.loginId })
    .from(members)
    .where(eq(members.loginId, loginId));
  const passwordOk = await verifyPassword(member?.hash, input.pw);
  if (!member || !passwordOk) {
    await recordFailure(db, config, loginId, input.ip);
    throw loginFailed();
  }
  if (member.status === 'blocked') {
    throw new ApiError(403, STATUS.forbidden, MSG.accountBlocked, 'this account is blocked');
  }
  await clearAccountFailures(db, loginId);
  const session = await createSession(db, config, member.id, input);
  await db
    .update(members)
    .set({ lastLoginAt: new Date(), lastLoginIp: input.ip })
    .where(eq(members.id, member.id));
  return { ...session, userId: member.loginId };
}

export async function changePassword(db: Db, session: SessionMember, oldPw: string, newPw: string) {
  const [member] = await db
    .select({ hash: members.passwordHash })
    .from(members)
    .where(eq(members.id, session.memberId));
  if (!(await verifyPassword(member?.hash, oldPw))) {
    throw new ApiError(400, STATUS.invalid, MSG.passwordWrong, 'the current password is wrong');
  }
  const passwordHash = await hashPassword(newPw);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, session.memberId));
    await revokeOtherSessions(tx, session.memberId, session.sessionId);
  });
}
