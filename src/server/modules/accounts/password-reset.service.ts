import { randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/format.ts';
import { MSG } from '../../../shared/messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { pageText } from '../../http/page-i18n.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { smsRecipient } from '../sites/site-phone.ts';
import { registrationRules, type Site } from '../sites/sites.service.ts';
import { members, passwordResets } from './accounts.schema.ts';
import { type AttemptLimits, releaseAttempt, reserveAttempt } from './attempt-limits.ts';
import { hashPassword } from './passwords.ts';
import { codeDigest, codeDigests, type SecretKeys } from './secret-box.ts';
import { revokeAllSessions } from './sessions.repo.ts';

/** Wrong guesses after which a code dies, whatever the limits allow. */
export const MAX_CODE_GUESSES = 5;

/**
 * A reset code as stored: a keyed HMAC (secret-box.ts). A plain SHA-256 of a 6-digit code salted with
 * the member id was reversed in milliseconds by anyone who could read the table (a reporting replica).
 */
const hashCode = (key: Buffer, memberId: number, code: string) =>
  Buffer.from(codeDigest(key, 'reset', memberId, code), 'hex');

const limited = (retryAfter: number) =>
  errors.limited('too many recovery attempts; try again later', MSG.resetLimited, { retryAfter });

export interface ResetRequest {
  loginId: string;
  ip: string;
  locale: Locale;
}

/**
 * "Forgot password": when the account exists, is not blocked and has the site's channel (e-mail or
 * phone), a new 6-digit code replaces any earlier one and its message is written to the outbox in the
 * same transaction. The answer never says whether that happened, and never comes before
 * config.recoveryAnswerMs, so its timing does not tell either.
 */
export async function requestPasswordReset(
  db: Db,
  config: Pick<Config, 'resetCodeTtlMs' | 'recoveryAnswerMs' | 'totpSecretKey'>,
  limits: AttemptLimits,
  site: Site,
  input: ResetRequest,
) {
  const started = Date.now();
  const channel = registrationRules(site).recoveryChannel;
  try {
    // Counted on the id as typed, whether or not it exists: a limit reached says nothing either.
    const reservation = await reserveAttempt(
      [limits.resetRequestAccount, input.loginId],
      [limits.resetRequestAddress, input.ip],
    );
    if (!reservation.ok) throw limited(reservation.retryAfter);
    const [member] = await db
      .select({ id: members.id, status: members.status, email: members.email, phone: members.phone })
      .from(members)
      // A member of another site is treated as one that does not exist: a member acts only on their own site.
      .where(and(eq(members.loginId, input.loginId), eq(members.siteId, site.id)));
    const recipient = channel === 'email' ? member?.email : member?.phone;
    if (member && member.status !== 'blocked' && recipient) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const minutes = String(Math.round(config.resetCodeTtlMs / 60_000));
      const text = pageText(input.locale, 'messages');
      const vars = { site: site.name, login: input.loginId, code, minutes };
      await db.transaction(async (tx) => {
        // Only the latest code works.
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.memberId, member.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          memberId: member.id,
          codeHash: hashCode(config.totpSecretKey, member.id, code).toString('hex'),
          channel,
          expiresAt: new Date(Date.now() + config.resetCodeTtlMs),
        });
        await enqueueMessage(
          tx,
          channel === 'email'
            ? { channel, recipient, subject: text.t('resetSubject', vars), body: text.t('resetEmail', vars) }
            : { channel, recipient: smsRecipient(site.settings, recipient), body: text.t('resetSms', vars) },
        );
      });
    }
    return channel;
  } finally {
    const wait = started + config.recoveryAnswerMs - Date.now();
    if (wait > 0) await sleep(wait);
  }
}

/**
 * A new password with the code: the guess is counted (per id and per address) before the code is
 * read; a wrong code counts against that code too, and it dies after MAX_CODE_GUESSES. The right
 * code is spent in the transaction that sets the password and ends every session of the member.
 */
export async function resetPassword(
  db: Db,
  limits: AttemptLimits,
  keys: SecretKeys,
  site: Pick<Site, 'id'>,
  input: { loginId: string; code: string; pw: string; ip: string },
) {
  const account: [typeof limits.resetGuessAccount, string] = [limits.resetGuessAccount, input.loginId];
  const address: [typeof limits.resetGuessAddress, string] = [limits.resetGuessAddress, input.ip];
  const reservation = await reserveAttempt(account, address);
  if (!reservation.ok) throw limited(reservation.retryAfter);
  const wrong = () => errors.invalid('the code is wrong or expired', MSG.resetCodeWrong);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.loginId, input.loginId), eq(members.siteId, site.id)));
  if (!member) throw wrong();
  const live = and(
    eq(passwordResets.memberId, member.id),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    lt(passwordResets.failedAttempts, MAX_CODE_GUESSES),
  );
  const [reset] = await db
    .select({ id: passwordResets.id, codeHash: passwordResets.codeHash })
    .from(passwordResets)
    .where(live)
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!reset) throw wrong();
  // Under the current key, or a code sent just before a key rotation (the previous key).
  const stored = Buffer.from(reset.codeHash, 'hex');
  const matches = codeDigests(keys, 'reset', member.id, input.code).some((digest) =>
    timingSafeEqual(stored, Buffer.from(digest, 'hex')),
  );
  if (!matches) {
    await db
      .update(passwordResets)
      .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
      .where(eq(passwordResets.id, reset.id));
    throw wrong();
  }
  const passwordHash = await hashPassword(input.pw);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), live))
      .returning({ id: passwordResets.id });
    if (spent.length !== 1) throw wrong();
    await tx
      .update(members)
      .set({ passwordHash, passwordResetAt: sql`now()` })
      .where(eq(members.id, member.id));
    await revokeAllSessions(tx, member.id);
  });
  await releaseAttempt({ clear: account, giveBack: address });
}
