import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { generateSecret, verifySync } from 'otplib';
import type { Locale } from '../../../shared/format.ts';
import { MSG } from '../../../shared/messages.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import {
  type AttemptLimits,
  releaseAttempt,
  reserveAttempt,
  SECOND_FACTOR_WRONG_CODES,
} from '../accounts/attempt-limits.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { checkCodeCapped, operatorCodeKey } from '../accounts/second-factor-limit.ts';
import { openTotpSecret, type SecretKeys, sealTotpSecret } from '../accounts/secret-box.ts';
import { appendAudit } from './audit.service.ts';
import { audited, type Who } from './audited.ts';
import { type OperatorRole, operatorSessions, operators } from './backoffice.schema.ts';
import { type Permission, roleMay } from './permissions.ts';

/** SPEC §9's 8-hour constant: an operator session ends this long after login, however busy. */
export const OPERATOR_SESSION_MS = 28_800_000;
/** Operators are signed out sooner than members when idle. */
export const OPERATOR_IDLE_MS = 15 * 60_000;
export const OPERATOR_MAX_FAILURES = 5;
export const OPERATOR_LOCK_MS = 15 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export { OPERATOR_LOGIN } from '../../../shared/vocabulary.ts';

export interface Operator {
  id: number;
  login: string;
  role: OperatorRole;
  /** The back office's language they chose; null until they choose. */
  locale: Locale | null;
  sessionId: number;
}

/**
 * Creates an operator with a fresh TOTP secret (returned once, for the authenticator app). A taken
 * login is a 409, also when two owners add it at once (the loser used to hit the unique index: a 500).
 */
export async function createOperator(
  db: DbOrTx,
  key: Buffer,
  input: { login: string; password: string; role: OperatorRole; totpSecret?: string },
) {
  const totpSecret = input.totpSecret ?? generateSecret();
  const [row] = await db
    .insert(operators)
    .values({
      login: input.login,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      totpSecret: sealTotpSecret(key, totpSecret),
    })
    .onConflictDoNothing({ target: operators.login })
    .returning({ id: operators.id });
  // The id-taken key: the back office says so in the operator's language (admin.json refusal.msg3011).
  if (!row) throw errors.conflict(`the login ${input.login} is taken`, {}, MSG.idTaken);
  return { id: row.id, totpSecret };
}

/**
 * Locks the acting owner's row and the target's, in id order, for a change to another operator: the
 * actor must still be an enabled operator allowed to manage operators when the change is made (two
 * owners demoting each other at once both passed the sign-in check, and both were demoted). The
 * target's row, or undefined when there is no such operator.
 */
async function lockForOperatorChange(tx: DbOrTx, by: number, id: number) {
  const rows = await tx
    .select({ id: operators.id, role: operators.role, disabledAt: operators.disabledAt })
    .from(operators)
    .where(inArray(operators.id, [by, id]))
    .orderBy(asc(operators.id))
    .for('update');
  const actor = rows.find((row) => row.id === by);
  if (!actor || actor.disabledAt !== null || !roleMay(actor.role, 'settings.manage'))
    throw errors.forbidden(`the ${actor?.role ?? 'removed'} role may not settings.manage`);
  return rows.find((row) => row.id === id);
}

/** Changes another operator's role; the role before, or undefined when there is no such operator. */
export async function setOperatorRole(tx: DbOrTx, change: { by: number; id: number; role: OperatorRole }) {
  const before = await lockForOperatorChange(tx, change.by, change.id);
  if (!before) return undefined;
  await tx.update(operators).set({ role: change.role }).where(eq(operators.id, change.id));
  return { role: before.role };
}

/**
 * The operator's sessions not ended yet, as disabling them and their own password change end them:
 * read by operator_sessions_open (migration 0078), never among every session ever opened.
 */
export const openSessionsOf = (operatorId: number) =>
  and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt));

/**
 * Takes another operator's access away, or gives it back. Disabling ends every session of theirs at
 * once (open screens, the badge and the ticker's streams); enabling again opens none: they sign in.
 * Whether they were enabled before, or undefined when there is no such operator.
 */
export async function setOperatorEnabled(tx: DbOrTx, change: { by: number; id: number; enabled: boolean }) {
  const before = await lockForOperatorChange(tx, change.by, change.id);
  if (!before) return undefined;
  const wasEnabled = before.disabledAt === null;
  if (wasEnabled === change.enabled) return { enabled: wasEnabled, unchanged: true };
  await tx
    .update(operators)
    .set({ disabledAt: change.enabled ? null : sql`now()` })
    .where(eq(operators.id, change.id));
  if (!change.enabled)
    await tx.update(operatorSessions).set({ revokedAt: sql`now()` }).where(openSessionsOf(change.id));
  return { enabled: wasEnabled, unchanged: false };
}

async function claimTimeStep(db: Db, operatorId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  return claimed.length === 1;
}

/** Whether `otp` is a current TOTP code of the operator (the step just ended too), its step claimed once. */
async function operatorCodeMatches(
  db: Db,
  keys: SecretKeys,
  op: { id: number; totpSecret: string; totpLastStep: number | null },
  otp: string,
) {
  if (!/^\d{6}$/.test(otp)) return false;
  const code = verifySync({
    secret: openTotpSecret(keys, op.totpSecret),
    token: otp,
    afterTimeStep: op.totpLastStep ?? undefined,
    // The code of the step just ended too (RFC 6238 §5.2, network delay): a code typed as the
    // phone rolled over was refused. A spent step is still never accepted again.
    epochTolerance: [30, 0],
  });
  // A code is spent once used: the step is claimed atomically, so two logins racing with one code
  // (a replay) cannot both pass.
  return (
    code.valid === true &&
    'timeStep' in code &&
    typeof code.timeStep === 'number' &&
    claimTimeStep(db, op.id, code.timeStep)
  );
}

const refused = () => errors.loginFailed('wrong login, password or code');
const limited = (retryAfter: number) =>
  errors.limited('too many failed logins; try again later', MSG.loginLimited, { retryAfter });

/**
 * Counts one login attempt on the operator's row in a single UPDATE, before any check: the row lock
 * serialises concurrent attempts, so at most OPERATOR_MAX_FAILURES of them are ever checked per lock
 * period (password and TOTP code alike). The attempt that takes the last slot sets the lock at once;
 * a success clears it. Nothing is rewritten from a stale read. `undefined`: locked.
 */
async function reserveOperatorAttempt(db: DbOrTx, operatorId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update operators set
          failed_logins = case when locked_until <= now() then 1 else failed_logins + 1 end,
          locked_until = case
            when (case when locked_until <= now() then 1 else failed_logins + 1 end) >= ${OPERATOR_MAX_FAILURES}
            then now() + ${OPERATOR_LOCK_MS}::float8 * interval '1 millisecond'
            else null end
        where id = ${operatorId} and (locked_until is null or locked_until <= now())
        returning id`,
  );
  return rows.length === 1;
}

async function secondsLocked(db: DbOrTx, operatorId: number) {
  const [row] = await queryRows<{ s: number }>(
    db,
    sql`select greatest(1, ceil(extract(epoch from (locked_until - now()))))::int as s from operators where id = ${operatorId}`,
  );
  return Number(row?.s ?? 1);
}

/** Password and a current TOTP code; repeated failures lock the operator for a while. */
export async function operatorLogin(
  db: Db,
  limits: AttemptLimits,
  keys: SecretKeys,
  input: { login: string; password: string; otp: string; ip: string },
) {
  // Unknown logins and address sprays are counted per address, before any lookup.
  const address: [typeof limits.operatorAddress, string] = [limits.operatorAddress, input.ip];
  const fromAddress = await reserveAttempt(address);
  if (!fromAddress.ok) throw limited(fromAddress.retryAfter);
  const [op] = await db.select().from(operators).where(eq(operators.login, input.login));
  if (op && !(await reserveOperatorAttempt(db, op.id))) throw limited(await secondsLocked(db, op.id));
  const passwordOk = await verifyPassword(op?.passwordHash, input.password);
  // With the right password a code is counted in the operator's daily cap before it is checked (the
  // lock of five failures per 15 minutes alone let someone with the password guess 480 codes a day);
  // without it the code is not read, so a password guesser cannot lock the operator's second step.
  const codeOk =
    op !== undefined &&
    passwordOk &&
    op.disabledAt === null &&
    (await checkCodeCapped(
      operatorCodeKey(limits, op.id),
      () => operatorCodeMatches(db, keys, op, input.otp),
      // The owners see who was locked and from where: someone else may hold the password.
      () =>
        appendAudit(db, {
          operatorId: op.id,
          operatorLogin: op.login,
          action: 'operators.code_locked',
          target: `operator:${op.id}`,
          after: { wrongCodes: SECOND_FACTOR_WRONG_CODES },
          ip: input.ip,
        }),
    ));
  // A failure keeps its reserved attempt; nothing more to write.
  if (!op || !passwordOk || !codeOk || op.disabledAt !== null) throw refused();
  await db.update(operators).set({ failedLogins: 0, lockedUntil: null }).where(eq(operators.id, op.id));
  await releaseAttempt({ giveBack: address });
  const token = randomBytes(32).toString('base64url');
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId: op.id,
    expiresAt: new Date(Date.now() + OPERATOR_SESSION_MS),
    // The server's clock, as the idle check (findOperator) reads it and its touches write it.
    lastSeenAt: new Date(),
    ip: input.ip,
  });
  return { token, operator: { id: op.id, login: op.login, role: op.role, locale: op.locale } };
}

/**
 * A live operator session (joined with its operator): not signed out, its operator not disabled, not
 * past its expiry and used within OPERATOR_IDLE_MS. Checked as it is now, at every request and stream.
 */
const liveSession = () =>
  and(
    isNull(operatorSessions.revokedAt),
    isNull(operators.disabledAt),
    gt(operatorSessions.expiresAt, new Date()),
    gt(operatorSessions.lastSeenAt, new Date(Date.now() - OPERATOR_IDLE_MS)),
  );

/**
 * The operator of a live session. `touch: false` is for the screens' own polling (badge, queues):
 * it must not keep an unattended back office signed in past the idle limit.
 */
export async function findOperator(
  db: Db,
  token: string,
  { touch }: { touch: boolean } = { touch: true },
): Promise<Operator | undefined> {
  const [row] = await db
    .select({ op: operators, session: operatorSessions })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), liveSession()));
  if (!row) return undefined;
  if (touch)
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(operatorSessions.id, row.session.id));
  return {
    id: row.op.id,
    login: row.op.login,
    role: row.op.role,
    locale: row.op.locale,
    sessionId: row.session.id,
  };
}

/**
 * Of these session tokens, the ones whose operator session is live and whose role (as it is now, not
 * at login) holds `permission`: one read for every stream of a back-office feed.
 */
export async function tokensMay(db: Db, tokens: string[], permission: Permission): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const byHash = new Map(tokens.map((token) => [hashToken(token), token]));
  const rows = await db
    .select({ tokenHash: operatorSessions.tokenHash, role: operators.role })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(inArray(operatorSessions.tokenHash, [...byHash.keys()]), liveSession()));
  return new Set(
    rows.filter((r) => roleMay(r.role, permission)).map((r) => byHash.get(r.tokenHash) as string),
  );
}

/**
 * Sets the signed-in operator's own password after checking the current one, counted like a login
 * (a stolen session cannot guess it: five wrong ones lock the operator); their other sessions end.
 * Before, the password the owner handed over could never be changed: the owner could sign in as anyone.
 */
export async function changeOperatorPassword(
  db: Db,
  who: Who,
  input: { current: string; password: string },
): Promise<void> {
  const { operator } = who;
  // Counted outside the change's transaction: a wrong guess must stay counted when the change fails.
  if (!(await reserveOperatorAttempt(db, operator.id))) throw limited(await secondsLocked(db, operator.id));
  const [row] = await db
    .select({ hash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operator.id));
  if (!(await verifyPassword(row?.hash, input.current)))
    throw errors.invalid('the current password is wrong', MSG.passwordWrong);
  const passwordHash = await hashPassword(input.password);
  await audited(db, who, 'operator.password', async (tx) => {
    await tx
      .update(operators)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null })
      .where(eq(operators.id, operator.id));
    await tx
      .update(operatorSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(openSessionsOf(operator.id), ne(operatorSessions.id, operator.sessionId)));
    return { target: `operator:${operator.id}`, result: undefined };
  });
}

/** Remembers the back office's language an operator chose. */
export async function setOperatorLocale(db: Db, id: number, locale: Locale) {
  await db.update(operators).set({ locale }).where(eq(operators.id, id));
}

export async function operatorLogout(db: Db, sessionId: number) {
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, sessionId));
}
