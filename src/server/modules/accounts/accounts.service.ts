import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { ParsedRequest } from '../../../shared/contract/routes.ts';
import { MSG, STATUS } from '../../../shared/messages.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { openMemberAccounts } from '../ledger/ledger.service.ts';
import { registrationRules, type Site, siteSummary } from '../sites/sites.service.ts';
import { members } from './accounts.schema.ts';
import { type AttemptLimits, memberLoginKeys, releaseAttempt, reserveAttempt } from './attempt-limits.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertListedBank, checkRegistration } from './registration-rules.ts';
import { codeLockSeconds, memberCodeKey, secondFactorLocked } from './second-factor-limit.ts';
import type { SecretKeys } from './secret-box.ts';
import { createSession, type NewSession, revokeOtherSessions, type SessionMember } from './sessions.repo.ts';
import {
  memberCodeChecked,
  otpRequired,
  otpWrongAtLogin,
  requireSecondFactor,
  secondFactorMatches,
} from './two-factor.service.ts';

const idTaken = () => errors.taken('this id is taken', MSG.idTaken);
const nickTaken = () => errors.taken('this nick is taken', MSG.nickTaken);
const loginFailed = () => errors.loginFailed('wrong id or password');

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

/**
 * The member of `siteId` a referral code belongs to (codes match in any case); `cant_find_code` when
 * none. Another site's member's code is unknown here: each brand invites its own members (a site that
 * requires a code is closed to whoever holds another brand's), and a member is never referred across
 * brands.
 */
export async function referrerOf(db: DbOrTx, siteId: number, code: string): Promise<number> {
  const [referrer] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.referralCode, code.trim().toUpperCase()), eq(members.siteId, siteId)));
  if (!referrer) throw errors.unknownReferral('unknown referral code');
  return referrer.id;
}

const newReferralCode = () => randomBytes(6).toString('base64url').toUpperCase().replace(/[-_]/g, 'X');

export async function register(db: Db, site: Site, input: ParsedRequest<'user-register'>): Promise<number> {
  const settings = siteSummary(site);
  const rules = registrationRules(site);
  if (!settings.registrationOpen) {
    throw errors.closed('registration is closed on this site', MSG.registrationClosed);
  }
  const code = input.code?.toUpperCase() ?? '';
  if (settings.referralRequired && code === '') {
    throw errors.unknownReferral('a referral code is required');
  }
  checkRegistration(input, rules);
  const passwordHash = await hashPassword(input.pw);
  return db.transaction(async (tx) => {
    if (await isIdTaken(tx, input.id)) throw idTaken();
    if (await isNickTaken(tx, input.nick)) throw nickTaken();
    const referredBy = code === '' ? null : await referrerOf(tx, site.id, code);
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
        email: input.email ?? null,
        birthDate: input.birthDate,
        termsVersion: rules.termsVersion,
        termsAcceptedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    // A concurrent registration took the id or nick between our check and the insert.
    if (!member) throw idTaken();
    await openMemberAccounts(tx, member.id, site.currency);
    return member.id;
  });
}

export interface LoginInput {
  id: string;
  pw: string;
  /** The second factor, for a member who turned it on. */
  otp?: string | undefined;
  ip: string;
  userAgent: string | undefined;
  /** The site of the host the member logs in on: only its own members get a session there. */
  siteId: number;
}

export async function login(
  db: Db,
  config: Config,
  limits: AttemptLimits,
  input: LoginInput,
): Promise<NewSession & { userId: string }> {
  const loginId = input.id.trim().toLowerCase();
  const keys = memberLoginKeys(limits, loginId, input.ip);
  // The attempt is counted before the password is checked, so a burst of guesses stops at the limit.
  const reservation = await reserveAttempt(keys.account, keys.address);
  if (!reservation.ok) {
    throw new ApiError(429, STATUS.limited, MSG.loginLimited, 'too many failed logins, try again later', {
      retryAfter: reservation.retryAfter,
    });
  }
  const [member] = await db
    .select({
      id: members.id,
      hash: members.passwordHash,
      status: members.status,
      loginId: members.loginId,
      siteId: members.siteId,
      twoFactor: sql<boolean>`${members.totpSecret} is not null`,
    })
    .from(members)
    .where(eq(members.loginId, loginId));
  const passwordOk = await verifyPassword(member?.hash, input.pw);
  // A blocked account answers its right password exactly like a wrong one (and it counts as one),
  // so the reply does not tell a guesser that the password was right.
  if (!member || !passwordOk || member.status === 'blocked') throw loginFailed();
  if (member.twoFactor) {
    const codeKey = memberCodeKey(limits, member.id);
    const otp = input.otp;
    // Asking for the code, or refusing it unread because the daily cap is spent, is no guess at the
    // password: the login attempt is given back.
    const locked = otp ? undefined : await codeLockSeconds(codeKey);
    if (!otp || locked !== undefined) {
      await releaseAttempt({ giveBack: keys.account });
      await releaseAttempt({ giveBack: keys.address });
      throw locked === undefined ? otpRequired() : secondFactorLocked(locked);
    }
    // A wrong code keeps its counted attempt, like a wrong password, and counts in the daily cap:
    // the login limit alone gave someone with the password 480 code guesses a day.
    const right = await memberCodeChecked(db, limits, member.id, () =>
      secondFactorMatches(db, config, member.id, otp),
    ).catch(async (error: unknown) => {
      await releaseAttempt({ giveBack: keys.account });
      await releaseAttempt({ giveBack: keys.address });
      throw error;
    });
    if (!right) throw otpWrongAtLogin();
  }
  await releaseAttempt({ clear: keys.account, giveBack: keys.address });
  // Checked after the password, so it tells nothing to someone who does not know it.
  if (Number(member.siteId) !== input.siteId) {
    throw errors.forbidden('this account belongs to another site', MSG.otherSiteAccount);
  }
  const session = await createSession(db, config, member.id, input);
  await db
    .update(members)
    .set({ lastLoginAt: new Date(), lastLoginIp: input.ip })
    .where(eq(members.id, member.id));
  return { ...session, userId: member.loginId };
}

/**
 * Whether `pw` is the member's login password (argon2 verification, about 18 ms), asked in a session.
 * Each wrong one counts against the member's password limit before the check (a right one gives its
 * attempt back); past the limit the answer is 429 `limited` whatever was typed. An empty one is wrong.
 */
export async function isMemberPassword(
  db: DbOrTx,
  limits: AttemptLimits,
  memberId: number,
  pw: string,
): Promise<boolean> {
  // Nothing typed is no guess: refused without a count (and without a write).
  if (pw === '') return false;
  const key: [RateLimiterDrizzle, string] = [limits.memberPasswords, String(memberId)];
  const reservation = await reserveAttempt(key);
  if (!reservation.ok) {
    throw errors.limited('too many wrong passwords; try again later', MSG.loginLimited, {
      retryAfter: reservation.retryAfter,
    });
  }
  const [member] = await db
    .select({ hash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId));
  const right = await verifyPassword(member?.hash, pw);
  if (right) await releaseAttempt({ giveBack: key });
  return right;
}

/**
 * Sets the login password; the member's other sessions end, this one stays. Set without the current
 * password (`withoutCurrent`), it is remembered: the cashier queue names it beside a withdrawal.
 */
export async function setPassword(
  db: Db,
  session: SessionMember,
  newPw: string,
  how: 'with-current' | 'without-current',
) {
  const passwordHash = await hashPassword(newPw);
  const passwordResetAt = how === 'without-current' ? { passwordResetAt: sql`now()` } : {};
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ passwordHash, ...passwordResetAt })
      .where(eq(members.id, session.memberId));
    await revokeOtherSessions(tx, session.memberId, session.sessionId);
  });
}

export async function changePassword(
  db: Db,
  limits: AttemptLimits,
  session: SessionMember,
  oldPw: string,
  newPw: string,
) {
  if (!(await isMemberPassword(db, limits, session.memberId, oldPw))) {
    throw errors.invalid('the current password is wrong', MSG.passwordWrong);
  }
  await setPassword(db, session, newPw, 'with-current');
}

export interface BankDetails {
  bankname: string;
  bankOwner: string;
  banknum: string;
}

/**
 * New bank details (where withdrawals are paid): the login password, a bank from the site's list, and
 * the second factor when the member turned it on.
 */
export async function changeBankDetails(
  db: Db,
  limits: AttemptLimits,
  keys: SecretKeys,
  site: Site,
  memberId: number,
  input: BankDetails & { pw: string; otp?: string | undefined },
) {
  if (!(await isMemberPassword(db, limits, memberId, input.pw))) {
    throw errors.invalid('the current password is wrong', MSG.passwordWrong);
  }
  assertListedBank(registrationRules(site).banks, input.bankname);
  await requireSecondFactor(db, limits, keys, memberId, input.otp);
  await db
    .update(members)
    .set({
      bankName: input.bankname,
      bankOwner: input.bankOwner,
      bankNumber: input.banknum,
      bankChangedAt: sql`now()`,
    })
    .where(eq(members.id, memberId));
}

/** Members' logins by id (the back office names members by login, never by number); unknown ids are left out. */
/**
 * The members a back-office search means by what was typed: the member with that number or that
 * login if there is one, else those whose login contains it (case-insensitive; the trigram index of
 * migration 0036), at most `limit`.
 */
export async function memberIdsByLogin(db: DbOrTx, typed: string, limit = 200): Promise<number[]> {
  const text = typed.trim().toLowerCase();
  const byId = /^\d{1,15}$/.test(text) ? sql`${members.id} = ${Number(text)} or ` : sql``;
  const exact = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${byId}lower(${members.loginId}) = ${text}`)
    .limit(limit);
  if (exact.length > 0) return exact.map((r) => Number(r.id));
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.loginId}) like ${pattern}`)
    .orderBy(members.id)
    .limit(limit);
  return rows.map((r) => Number(r.id));
}

/** When these members' accounts were opened, by id (the sportsbook's new-account alert reads it). */
export async function accountsOpenedAt(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Date>> {
  const rows = await membersByIds(db, ids, { id: members.id, at: members.createdAt });
  return new Map(rows.map((r) => [Number(r.id), new Date(r.at)]));
}

export async function loginsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await membersByIds(db, ids, { id: members.id, login: members.loginId });
  return new Map(rows.map((r) => [Number(r.id), r.login]));
}

/** The `fields` of these members, each once; ids that cannot be a member's are passed over. */
async function membersByIds<F extends SelectedFields>(db: DbOrTx, ids: readonly number[], fields: F) {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return [];
  return db.select(fields).from(members).where(inArray(members.id, wanted));
}
