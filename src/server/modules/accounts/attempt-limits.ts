import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { addressKey } from '../../http/address-key.ts';
import { attemptLimits } from './accounts.schema.ts';

/**
 * Every per-account and per-address limit, as rate-limiter-flexible limiters on its Drizzle store:
 * the counters live in the database (`attempt_limits`), so every process behind the load balancer
 * sees them, on PostgreSQL and PGlite alike. Each is a fixed window that starts with a key's first
 * attempt. An attempt is counted atomically (one upsert) BEFORE the slow check it guards, so
 * concurrent guesses cannot all slip past the limit. Unknown ids are counted exactly like real ones.
 *
 * The operator's own lock-out (five failures lock that operator) is not here: it is the operator's
 * row (`failed_logins`, `locked_until`), which the back office shows.
 */

/** Operator logins per address in OPERATOR_ADDRESS_WINDOW_MS: unknown logins and sprays. */
export const OPERATOR_MAX_FAILURES_PER_ADDRESS = 20;
export const OPERATOR_ADDRESS_WINDOW_MS = 15 * 60_000;
/** Id and nick checks answer "taken" or "free": config.availabilityChecksPerWindow per address in ten minutes. */
export const AVAILABILITY_WINDOW_MS = 10 * 60_000;
/** Guests may leave this many tickets per address per hour. */
export const GUEST_TICKETS_PER_HOUR = 3;
/** Password recovery (issue 32): codes asked for per login id and per address in an hour. */
export const RESET_REQUESTS_PER_ACCOUNT = 3;
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Guesses at a recovery code per login id and per address in 15 minutes. */
export const RESET_GUESSES_PER_ACCOUNT = 5;
export const RESET_GUESSES_PER_ADDRESS = 30;
/**
 * Wrong second-factor codes (authenticator or recovery codes) a member, or an operator, may type in
 * SECOND_FACTOR_WINDOW_MS from the first one, wherever a code is asked (login, withdrawal, bank details,
 * a password set without the current one, 2FA set-up and turning it off; the back office's login).
 * Past it the second step is locked until the window ends (or an owner resets the member's 2FA),
 * right code or not. Five, as PSD2's strong customer authentication allows at most (RTS 2018/389
 * art. 4(3)(b)) and as card issuers and casino wallets lock an OTP after; a day, because the login
 * limit alone (5 per 15 minutes) let someone who had the password guess 480 codes a day.
 */
export const SECOND_FACTOR_WRONG_CODES = 5;
export const SECOND_FACTOR_WINDOW_MS = 24 * 60 * 60_000;
/**
 * Login passwords a logged-in member may get wrong in 15 minutes (password and bank changes, 2FA set-up,
 * the deposit account's request): a session alone must not be a way to guess the password.
 */
export const MEMBER_PASSWORDS_PER_WINDOW = 5;
/**
 * Promotion codes that exist nowhere a member may try in 15 minutes, and an address: codes are the
 * operator's secret (one sent to lapsed players), and unlimited tries walked through short ones.
 */
export const PROMO_CODE_GUESSES_PER_WINDOW = 10;
export const PROMO_CODE_GUESSES_PER_ADDRESS = 30;
/** Verification documents a member may send in an hour, refused ones included: each is up to 5 MB read and checked. */
export const KYC_UPLOADS_PER_HOUR = 10;
const HOUR = 60 * 60_000;
const QUARTER = 15 * 60_000;

export interface AttemptLimits {
  /** Member logins per login id (any case): config.loginMaxFailuresPerAccount in config.loginWindowMs. */
  memberAccount: RateLimiterDrizzle;
  /** Member logins per address: config.loginMaxFailuresPerAddress in config.loginWindowMs. */
  memberAddress: RateLimiterDrizzle;
  operatorAddress: RateLimiterDrizzle;
  /** Undefined when config.availabilityChecksPerWindow is Infinity (benchmarks): nothing is counted. */
  availabilityChecks: RateLimiterDrizzle | undefined;
  guestTickets: RateLimiterDrizzle;
  resetRequestAccount: RateLimiterDrizzle;
  resetRequestAddress: RateLimiterDrizzle;
  resetGuessAccount: RateLimiterDrizzle;
  resetGuessAddress: RateLimiterDrizzle;
  /** Per member id: second-factor codes typed, at login and in a session (SECOND_FACTOR_WRONG_CODES a day). */
  memberCodes: RateLimiterDrizzle;
  /** Per operator id: TOTP codes typed with the right password at the back office's login. */
  operatorCodes: RateLimiterDrizzle;
  /** Per member id: login passwords typed in a session. */
  memberPasswords: RateLimiterDrizzle;
  /** Per member id: verification document uploads. */
  kycUploads: RateLimiterDrizzle;
  /** Per member id and per address: unknown promotion codes tried. */
  promoCodeMember: RateLimiterDrizzle;
  promoCodeAddress: RateLimiterDrizzle;
}

/**
 * A limiter whose keys are client addresses: each is counted as the client it stands for (an IPv6
 * address by its /64, addressKey), whichever call site passes it, so no per-address limit can forget.
 */
class AddressLimiter extends RateLimiterDrizzle {
  override getKey(key: string | number): string {
    return super.getKey(addressKey(String(key)));
  }
}

/** The limiters of one app on its database. */
export function createAttemptLimits(db: Db, config: Config): AttemptLimits {
  const limiterOf = (
    Limiter: typeof RateLimiterDrizzle,
    keyPrefix: string,
    points: number,
    windowMs: number,
  ) =>
    new Limiter({
      storeClient: db,
      schema: attemptLimits,
      keyPrefix,
      points,
      duration: windowMs / 1000,
      // Expired rows are deleted by a periodic job (clearExpiredAttempts): the library's own timer
      // would run in every process and outlive the app's database when the app closes.
      clearExpiredByTimeout: false,
    });
  const limiter = (keyPrefix: string, points: number, windowMs: number) =>
    limiterOf(RateLimiterDrizzle, keyPrefix, points, windowMs);
  const addressLimiter = (keyPrefix: string, points: number, windowMs: number) =>
    limiterOf(AddressLimiter, keyPrefix, points, windowMs);
  const checks = config.availabilityChecksPerWindow;
  return {
    memberAccount: limiter('acct', config.loginMaxFailuresPerAccount, config.loginWindowMs),
    memberAddress: addressLimiter('addr', config.loginMaxFailuresPerAddress, config.loginWindowMs),
    operatorAddress: addressLimiter('opaddr', OPERATOR_MAX_FAILURES_PER_ADDRESS, OPERATOR_ADDRESS_WINDOW_MS),
    availabilityChecks:
      checks === Number.POSITIVE_INFINITY
        ? undefined
        : addressLimiter('check', checks, AVAILABILITY_WINDOW_MS),
    guestTickets: addressLimiter('guest-help', GUEST_TICKETS_PER_HOUR, HOUR),
    resetRequestAccount: limiter('reset-ask-acct', RESET_REQUESTS_PER_ACCOUNT, HOUR),
    resetRequestAddress: addressLimiter('reset-ask-addr', RESET_REQUESTS_PER_ADDRESS, HOUR),
    resetGuessAccount: limiter('reset-try-acct', RESET_GUESSES_PER_ACCOUNT, QUARTER),
    resetGuessAddress: addressLimiter('reset-try-addr', RESET_GUESSES_PER_ADDRESS, QUARTER),
    memberCodes: limiter('member-code-day', SECOND_FACTOR_WRONG_CODES, SECOND_FACTOR_WINDOW_MS),
    operatorCodes: limiter('operator-code-day', SECOND_FACTOR_WRONG_CODES, SECOND_FACTOR_WINDOW_MS),
    memberPasswords: limiter('member-pw', MEMBER_PASSWORDS_PER_WINDOW, QUARTER),
    kycUploads: limiter('kyc-upload', KYC_UPLOADS_PER_HOUR, HOUR),
    promoCodeMember: limiter('promo-code', PROMO_CODE_GUESSES_PER_WINDOW, QUARTER),
    promoCodeAddress: addressLimiter('promo-code-addr', PROMO_CODE_GUESSES_PER_ADDRESS, QUARTER),
  };
}

/** How long a counter is kept after its window ended (the library's own sweep kept an hour too). */
export const EXPIRED_KEPT_MS = HOUR;
export const CLEAR_EXPIRED_EVERY_MS = 5 * 60_000;

/** Deletes the counters whose window ended over EXPIRED_KEPT_MS ago (attempt_limits_expire serves it). */
export async function clearExpiredAttempts(db: Db, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(attemptLimits)
    .where(lt(attemptLimits.expire, new Date(now - EXPIRED_KEPT_MS)))
    .returning({ key: attemptLimits.key });
  return gone.length;
}

/**
 * `{ ok: true }` when the attempt was counted and may go on (`remaining`: the fewest attempts any of
 * the keys has left after this one); otherwise the seconds to wait.
 */
export type Reservation = { ok: true; remaining: number } | { ok: false; retryAfter: number };

/**
 * Counts one attempt against each (limiter, key), all or none: when any refuses, the others are
 * given their point back and the attempt is told how long the longest refusal lasts.
 */
export async function reserveAttempt(...limits: [RateLimiterDrizzle, string][]): Promise<Reservation> {
  const results = await Promise.allSettled(limits.map(([limiter, key]) => limiter.consume(key)));
  let waitMs = 0;
  let remaining = Number.POSITIVE_INFINITY;
  for (const result of results) {
    if (result.status === 'fulfilled') {
      remaining = Math.min(remaining, result.value.remainingPoints);
      continue;
    }
    // A store failure is an error, not a refusal.
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    waitMs = Math.max(waitMs, result.reason.msBeforeNext, 1);
  }
  if (waitMs === 0) return { ok: true, remaining };
  await Promise.all(
    limits.map(([limiter, key], i) => (results[i]?.status === 'fulfilled' ? limiter.reward(key) : undefined)),
  );
  return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * After a success: the key's counter ends (`clear`, the account's), or the key gets back the one
 * attempt this success reserved (`giveBack`, the address's: one good login must not reset a spray
 * from that address).
 */
export async function releaseAttempt(limits: {
  clear?: [RateLimiterDrizzle, string];
  giveBack: [RateLimiterDrizzle, string];
}): Promise<void> {
  if (limits.clear) await limits.clear[0].delete(limits.clear[1]);
  const [limiter, key] = limits.giveBack;
  const used = await limiter.get(key);
  if (used && used.consumedPoints > 0) await limiter.reward(key);
}

/** The member-login keys: the login id (any case) and the address it comes from. */
export const memberLoginKeys = (limits: AttemptLimits, loginId: string, ip: string) => ({
  account: [limits.memberAccount, loginId.toLowerCase()] as [RateLimiterDrizzle, string],
  address: [limits.memberAddress, ip] as [RateLimiterDrizzle, string],
});
