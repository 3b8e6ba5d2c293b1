import type { RateLimiterDrizzle } from 'rate-limiter-flexible';
import { MSG } from '../../../shared/messages.ts';
import { errors } from '../../http/errors.ts';
import {
  type AttemptLimits,
  releaseAttempt,
  reserveAttempt,
  SECOND_FACTOR_WINDOW_MS,
} from './attempt-limits.ts';

/**
 * The daily cap on wrong second-factor codes (SECOND_FACTOR_WRONG_CODES in SECOND_FACTOR_WINDOW_MS),
 * apart from the password limits: someone who has the password must not get a fresh batch of code
 * guesses each time the login window ends.
 */
type CodeKey = [RateLimiterDrizzle, string];

export const memberCodeKey = (limits: AttemptLimits, memberId: number): CodeKey => [
  limits.memberCodes,
  String(memberId),
];
export const operatorCodeKey = (limits: AttemptLimits, operatorId: number): CodeKey => [
  limits.operatorCodes,
  String(operatorId),
];

/** 429 `limited` msg3529: the second step is locked for the rest of the window. */
export const secondFactorLocked = (retryAfter: number) =>
  errors.limited(
    'too many wrong codes: two-step login is locked for 24 hours from the first wrong code',
    MSG.otpLocked,
    {
      retryAfter,
    },
  );

/**
 * Counts the attempt before `matches` checks the code (racing guesses cannot all slip past the cap);
 * a right code gives its attempt back (as does a check that could not be made), a wrong one stays
 * counted. The wrong code that spends the last attempt starts the lock: `onLock` tells its holder
 * (once: one attempt only takes the last point) and the answer is already secondFactorLocked, not
 * "wrong code". Past the cap: secondFactorLocked.
 */
export async function checkCodeCapped(
  key: CodeKey,
  matches: () => Promise<boolean>,
  onLock?: () => Promise<void>,
): Promise<boolean> {
  const reservation = await reserveAttempt(key);
  if (!reservation.ok) throw secondFactorLocked(reservation.retryAfter);
  // A check that could not be made (the server cannot open the secret) is no guess: given back too.
  const right = await matches().catch(async (error: unknown) => {
    await releaseAttempt({ giveBack: key });
    throw error;
  });
  if (right) await releaseAttempt({ giveBack: key });
  else if (reservation.remaining <= 0) {
    await onLock?.();
    throw secondFactorLocked((await codeLockSeconds(key)) ?? SECOND_FACTOR_WINDOW_MS / 1000);
  }
  return right;
}

/** Seconds the second step stays locked, or undefined when a code may still be tried (nothing counted). */
export async function codeLockSeconds([limiter, key]: CodeKey): Promise<number | undefined> {
  const used = await limiter.get(key);
  if (!used || used.remainingPoints > 0 || used.msBeforeNext <= 0) return undefined;
  return Math.max(1, Math.ceil(used.msBeforeNext / 1000));
}

/** Until when the second step stays locked, or null when a code may be tried. */
export async function codeLockedUntil(key: CodeKey): Promise<Date | null> {
  const seconds = await codeLockSeconds(key);
  return seconds === undefined ? null : new Date(Date.now() + seconds * 1000);
}

/** An owner's reset of the member's 2FA, or an operator's lifting of the lock, ends it. */
export const clearCodeLock = ([limiter, key]: CodeKey) => limiter.delete(key);
