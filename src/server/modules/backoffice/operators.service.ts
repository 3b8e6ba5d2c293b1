import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, verifySync } from 'otplib';
import { MSG, STATUS } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { type OperatorRole, operatorSessions, operators } from './backoffice.schema.ts';

/** SPEC §9's 8-hour constant: an operator session ends this long after login, however busy. */
export const OPERATOR_SESSION_MS = 28_800_000;
/** Operators are signed out sooner than members when idle. */
export const OPERATOR_IDLE_MS = 15 * 60_000;
export const OPERATOR_MAX_FAILURES = 5;
export const OPERATOR_LOCK_MS = 15 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Operator logins: lower-case, 3–32 characters, starting with a letter. */
export const OPERATOR_LOGIN = /^[a-z][a-z0-9_-]{2,31}$/;

export interface Operator {
  id: number;
  login: string;
  role: OperatorRole;
  sessionId: number;
}

/** Creates an operator with a fresh TOTP secret (returned once, for the authenticator app). */
export async function createOperator(
  db: Db,
  input: { login: string; password: string; role: OperatorRole; totpSecret?: string },
) {
  const totpSecret = input.totpSecret ?? generateSecret();
  const [row] = await db
    .insert(operators)
    .values({
      login: input.login,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      totpSecret,
    })
    .returning({ id: operators.id });
  return { id: row!.id, totpSecret };
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

const refused = () => new ApiError(401, STATUS.invalid, MSG.loginFailed, 'wrong login, password or code');

/** Password and a current TOTP code; repeated failures lock the operator for a while. */
export async function operatorLogin(
  db: Db,
  input: { login: string; password: string; otp: string; ip: string },
) {
  const [op] = await db.select().from(operators).where(eq(operators.login, input.login));
  if (op?.lockedUntil && op.lockedUntil.getTime() > Date.now()) {
    throw new ApiError(429, STATUS.limited, MSG.loginLimited, 'too many failed logins; try again later');
  }
  const passwordOk = await verifyPassword(op?.passwordHash, input.password);
  const code =
    op !== undefined && /^\d{6}$/.test(input.otp)
      ? verifySync({ secret: op.totpSecret, token: input.otp, afterTimeStep: op.totpLastStep ?? undefined })
      : undefined;
  // A code is spent once used: the step is claimed atomically, so two logins racing with one code
  // (a replay) cannot both pass.
  const codeOk =
    op !== undefined &&
    passwordOk &&
    code?.valid === true &&
    'timeStep' in code &&
    typeof code.timeStep === 'number' &&
    (await claimTimeStep(db, op.id, code.timeStep));
  if (!op || !passwordOk || !codeOk) {
    if (op) {
      const failures = op.failedLogins + 1;
      await db
        .update(operators)
        .set({
          failedLogins: failures >= OPERATOR_MAX_FAILURES ? 0 : failures,
          lockedUntil:
            failures >= OPERATOR_MAX_FAILURES ? new Date(Date.now() + OPERATOR_LOCK_MS) : op.lockedUntil,
        })
        .where(eq(operators.id, op.id));
    }
    throw refused();
  }
  await db.update(operators).set({ failedLogins: 0, lockedUntil: null }).where(eq(operators.id, op.id));
  const token = randomBytes(32).toString('base64url');
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId: op.id,
    expiresAt: new Date(Date.now() + OPERATOR_SESSION_MS),
    ip: input.ip,
  });
  return { token, operator: { id: op.id, login: op.login, role: op.role } };
}

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
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, new Date()),
        gt(operatorSessions.lastSeenAt, new Date(Date.now() - OPERATOR_IDLE_MS)),
      ),
    );
  if (!row) return undefined;
  if (touch)
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(operatorSessions.id, row.session.id));
  return { id: row.op.id, login: row.op.login, role: row.op.role, sessionId: row.session.id };
}

export async function operatorLogout(db: Db, sessionId: number) {
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, sessionId));
}
