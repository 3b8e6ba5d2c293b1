import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { MSG, STATUS } from '../../../shared/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { memberRecoveryCodes, members } from './accounts.schema.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import { tellSecondFactorLocked } from './code-lock-notice.ts';
import { spendRecoveryCode, storedRecoveryCode } from './recovery-codes.ts';
import { checkCodeCapped, clearCodeLock, codeLockedUntil, memberCodeKey } from './second-factor-limit.ts';
import { openTotpSecret, type SecretKeys, sealTotpSecret } from './secret-box.ts';
import {
  activeSessionsOf,
  revokeAllSessions,
  revokeOtherSessions,
  type SessionMember,
} from './sessions.repo.ts';

/** How many recovery codes turning 2FA on gives; each works once instead of a TOTP code. */
export const RECOVERY_CODES = 10;

/** xxxx-xxxx from an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

export const otpRequired = (message = 'this member uses two-step login: send otp') =>
  new ApiError(401, STATUS.otpRequired, MSG.otpRequired, message);
/** A wrong code at login: still `otp_required`, but msg3521 tells the member the code was wrong. */
export const otpWrongAtLogin = () =>
  new ApiError(401, STATUS.otpRequired, MSG.otpWrong, 'wrong second-factor code');
/** In a session: 403, so the page does not read it as a session that ended. */
const otpRefused = (msg: typeof MSG.otpRequired | typeof MSG.otpWrong, message: string) =>
  new ApiError(403, STATUS.otpRequired, msg, message);

interface TotpState {
  totpSecret: string | null;
  totpLastStep: number | null;
}

async function totpState(db: DbOrTx, memberId: number): Promise<TotpState & { enabledAt: Date | null }> {
  const [row] = await db
    .select({
      totpSecret: members.totpSecret,
      totpLastStep: members.totpLastStep,
      enabledAt: members.totpEnabledAt,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? { totpSecret: null, totpLastStep: null, enabledAt: null };
}

export const hasSecondFactor = async (db: DbOrTx, memberId: number) =>
  (await totpState(db, memberId)).totpSecret !== null;

/** Claims a TOTP step atomically: a code is spent once used, even by two requests racing. */
async function claimStep(db: DbOrTx, memberId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(members)
    .set({ totpLastStep: step })
    .where(and(eq(members.id, memberId), or(isNull(members.totpLastStep), lt(members.totpLastStep, step))))
    .returning({ id: members.id });
  return claimed.length === 1;
}

/** Whether `token` is a current TOTP code of `secret` (the step just ended too), claimed once. */
async function totpMatches(
  db: DbOrTx,
  memberId: number,
  secret: string,
  lastStep: number | null,
  token: string,
) {
  if (!/^\d{6}$/.test(token)) return false;
  const result = verifySync({ secret, token, afterTimeStep: lastStep ?? undefined, epochTolerance: [30, 0] });
  return (
    result.valid === true &&
    'timeStep' in result &&
    typeof result.timeStep === 'number' &&
    (await claimStep(db, memberId, result.timeStep))
  );
}

/**
 * A member's code checked against their daily cap (checkCodeCapped): the wrong code that locks the
 * second step also tells the member (tellSecondFactorLocked).
 */
export const memberCodeChecked = (
  db: Db,
  limits: AttemptLimits,
  memberId: number,
  matches: () => Promise<boolean>,
) => checkCodeCapped(memberCodeKey(limits, memberId), matches, () => tellSecondFactorLocked(db, memberId));

/** A TOTP code or a recovery code of a member whose 2FA is on; each is accepted once. */
export async function secondFactorMatches(
  db: DbOrTx,
  keys: SecretKeys,
  memberId: number,
  otp: string,
): Promise<boolean> {
  const state = await totpState(db, memberId);
  if (!state.totpSecret) return false;
  const secret = openTotpSecret(keys, state.totpSecret);
  if (await totpMatches(db, memberId, secret, state.totpLastStep, otp)) return true;
  return /^[a-z0-9]{4}-[a-z0-9]{4}$/.test(otp) && spendRecoveryCode(db, keys, memberId, otp);
}

/**
 * Before money leaves or bank details change: nothing when the member's 2FA is off; otherwise a valid
 * `otp`, else `otp_required` (403). Each code counts against the member's daily cap before the check
 * (second-factor-limit.ts); a right one gives its attempt back.
 */
export async function requireSecondFactor(
  db: Db,
  limits: AttemptLimits,
  keys: SecretKeys,
  memberId: number,
  otp: string | undefined,
) {
  if (!(await hasSecondFactor(db, memberId))) return;
  if (!otp) throw otpRefused(MSG.otpRequired, 'this member uses two-step login: send otp');
  const right = await memberCodeChecked(db, limits, memberId, () =>
    secondFactorMatches(db, keys, memberId, otp),
  );
  if (!right) throw otpRefused(MSG.otpWrong, 'wrong code');
}

/** The member's 2FA as My page and the back office show it. */
export async function secondFactorStatus(db: DbOrTx, memberId: number) {
  const state = await totpState(db, memberId);
  const [left] = await db
    .select({ n: count() })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.memberId, memberId), isNull(memberRecoveryCodes.usedAt)));
  const enabled = state.totpSecret !== null;
  return {
    enabled,
    enabledAt: enabled && state.enabledAt ? new Date(state.enabledAt).toISOString() : null,
    recoveryCodesLeft: enabled ? Number(left?.n ?? 0) : 0,
  };
}

/** Starts 2FA set-up: a new secret kept aside until a first code proves the app has it. */
export async function beginSecondFactor(
  db: Db,
  keys: SecretKeys,
  memberId: number,
  label: string,
  issuer: string,
) {
  if (await hasSecondFactor(db, memberId))
    throw errors.conflict('two-step login is already on', {}, MSG.twoFactorAlready);
  const secret = generateSecret();
  await db
    .update(members)
    .set({ totpPendingSecret: sealTotpSecret(keys.totpSecretKey, secret) })
    .where(eq(members.id, memberId));
  return { secret, uri: generateURI({ issuer, label, secret }) };
}

/**
 * Turns 2FA on with a first code of the pending secret; the recovery codes, in clear this once. The
 * member's other sessions end, this one stays (as a password change): a session opened with the
 * password alone, by whoever had it, must not outlive the second factor meant to keep them out.
 */
export async function enableSecondFactor(
  db: Db,
  limits: AttemptLimits,
  keys: SecretKeys,
  session: Pick<SessionMember, 'memberId' | 'sessionId'>,
  otp: string,
) {
  const { memberId } = session;
  const [row] = await db
    .select({
      pending: members.totpPendingSecret,
      active: members.totpSecret,
      lastStep: members.totpLastStep,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (row?.active) throw errors.conflict('two-step login is already on', {}, MSG.twoFactorAlready);
  if (!row?.pending) throw errors.invalid('start the set-up first', MSG.twoFactorNotOn);
  const pending = openTotpSecret(keys, row.pending);
  const key = keys.totpSecretKey;
  // Counted in the member's daily code cap too, before the code is checked.
  const right = await memberCodeChecked(db, limits, memberId, () =>
    totpMatches(db, memberId, pending, row.lastStep, otp),
  );
  if (!right) throw errors.invalid('wrong code', MSG.otpWrong);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ totpSecret: sealTotpSecret(key, pending), totpPendingSecret: null, totpEnabledAt: new Date() })
      .where(eq(members.id, memberId));
    await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
    await tx
      .insert(memberRecoveryCodes)
      .values(codes.map((c) => ({ memberId, codeHash: storedRecoveryCode(key, memberId, c) })));
    await revokeOtherSessions(tx, memberId, session.sessionId);
  });
  return codes;
}

/** The member's 2FA off: secret, pending secret and recovery codes gone (the caller ends sessions). */
async function turnOff(tx: DbOrTx, memberId: number) {
  await tx
    .update(members)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null })
    .where(eq(members.id, memberId));
  await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
}

/**
 * Turns 2FA off (the caller checked the password); needs a current code or a recovery code. The
 * member's other sessions end, this one stays, as when it is turned on or the password changes.
 */
export async function disableSecondFactor(
  db: Db,
  limits: AttemptLimits,
  keys: SecretKeys,
  session: Pick<SessionMember, 'memberId' | 'sessionId'>,
  otp: string,
) {
  const { memberId } = session;
  if (!(await hasSecondFactor(db, memberId)))
    throw errors.invalid('two-step login is off', MSG.twoFactorNotOn);
  await requireSecondFactor(db, limits, keys, memberId, otp);
  await db.transaction(async (tx) => {
    await turnOff(tx, memberId);
    await revokeOtherSessions(tx, memberId, session.sessionId);
  });
}

/**
 * An operator turns a member's 2FA off (lost phone and codes): the member signs in again with the
 * password. The caller lifts the wrong-code lock (unlockSecondFactor) once this is committed.
 */
export async function resetSecondFactor(tx: DbOrTx, memberId: number) {
  await turnOff(tx, memberId);
  await revokeAllSessions(tx, memberId);
}

/** Until when the member's second step is locked (5 wrong codes of the day), or null. */
export const secondFactorLockedUntil = (limits: AttemptLimits, memberId: number) =>
  codeLockedUntil(memberCodeKey(limits, memberId));

/**
 * An owner's reset also lifts the daily wrong-code lock, as does support lifting it alone: the member
 * starts again with a full cap.
 */
export const unlockSecondFactor = (limits: AttemptLimits, memberId: number) =>
  clearCodeLock(memberCodeKey(limits, memberId));

/** What the back office's member page shows of a member's account security. */
export async function accountSecurityFacts(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({
      email: members.email,
      birthDate: members.birthDate,
      termsVersion: members.termsVersion,
      termsAcceptedAt: members.termsAcceptedAt,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) return undefined;
  const sessions = await activeSessionsOf(db, memberId);
  return {
    ...row,
    termsAcceptedAt: row.termsAcceptedAt ? new Date(row.termsAcceptedAt) : null,
    twoFactor: await secondFactorStatus(db, memberId),
    activeSessions: sessions.length,
  };
}
