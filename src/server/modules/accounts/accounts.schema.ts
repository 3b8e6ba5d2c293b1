import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MEMBER_STATUSES, type MemberStatus } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';
import { sites } from '../sites/sites.schema.ts';

export { MEMBER_STATUSES, type MemberStatus };

export const members = pgTable(
  'members',
  {
    id: idColumn(),
    /** The login id, stored lower-case. */
    loginId: text('login_id').notNull(),
    nick: text('nick').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    bankName: text('bank_name').notNull(),
    bankOwner: text('bank_owner').notNull(),
    bankNumber: text('bank_number').notNull(),
    level: integer('level').notNull().default(1),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    referralCode: text('referral_code').notNull(),
    referredBy: int8('referred_by'),
    siteId: int8('site_id')
      .notNull()
      .references(() => sites.id),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAtColumn(),
    lastLoginAt: timestamptz('last_login_at'),
    lastLoginIp: text('last_login_ip'),
    /** Where recovery codes go when the site recovers by e-mail (issue 32). */
    email: text('email'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** The site's terms version the member accepted at registration, and when. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    /** TOTP second factor: the active secret (null when off), one being set up, and the last used step (no replay). */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    totpLastStep: int8('totp_last_step'),
    /** The password last set without the current one, and the bank account last changed (migration 0074). */
    passwordResetAt: timestamptz('password_reset_at'),
    bankChangedAt: timestamptz('bank_changed_at'),
  },
  (t) => [
    uniqueIndex('members_login_id').on(t.loginId),
    uniqueIndex('members_nick_lower').on(sql`lower(${t.nick})`),
    uniqueIndex('members_referral_code').on(t.referralCode),
    // Member search by prefix (migration 0015): bank numbers are searched without their dashes.
    index('members_login_prefix').on(sql`lower(${t.loginId}) text_pattern_ops`),
    index('members_nick_prefix').on(sql`lower(${t.nick}) text_pattern_ops`),
    index('members_phone_prefix').on(t.phone.op('text_pattern_ops')),
    index('members_email_lower').on(sql`lower(${t.email})`),
    index('members_bank_number_prefix').on(sql`replace(${t.bankNumber}, '-', '') text_pattern_ops`),
    // By any part of three characters or more (migration 0036, pg_trgm).
    index('members_login_trgm').using('gin', sql`lower(${t.loginId}) gin_trgm_ops`),
    index('members_nick_trgm').using('gin', sql`lower(${t.nick}) gin_trgm_ops`),
    index('members_phone_trgm').using('gin', sql`${t.phone} gin_trgm_ops`),
    // Whether a site has members (its zone and currency triggers; migration 0078).
    index('members_site').on(t.siteId),
    check('members_status', sql`${t.status} in ('active', 'blocked', 'self_excluded')`),
  ],
);

/** A row's member (`member_id bigint not null references members`). */
export const memberIdColumn = () =>
  int8('member_id')
    .notNull()
    .references(() => members.id);

/** Opaque bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    memberId: memberIdColumn(),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_member').on(t.memberId),
    // Other members on the same device and address (promo_person_matches, migration 0043).
    index('sessions_device').on(t.ip, t.userAgent),
  ],
);

/**
 * Attempt counters (logins, id checks, guest tickets), rate-limiter-flexible's Drizzle store
 * (attempt-limits.ts): one row per limit and key ('acct:<id>', 'addr:<ip>', ...), `points` used in
 * the window that ends at `expire`. Shared by every process on one database.
 */
export const attemptLimits = pgTable(
  'attempt_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamptz('expire'),
  },
  (t) => [index('attempt_limits_expire').on(t.expire)],
);

/** One-time recovery codes of a member's TOTP (their SHA-256, sealed: recovery-codes.ts); each works once. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('member_recovery_codes_member').on(t.memberId)],
);

/**
 * Password recovery codes (password-reset.service.ts): only the code's SHA-256 is kept; a code works
 * once, until `expires_at`, and dies after a few wrong guesses (`failed_attempts`).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('password_resets_member').on(t.memberId),
    check('password_resets_channel', sql`${t.channel} in ('email', 'sms')`),
  ],
);
