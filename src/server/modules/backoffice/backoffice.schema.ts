import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { LOCALES } from '../../../shared/format.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';

export { OPERATOR_ROLES, type OperatorRole };

/** Back-office users: separate from members, with a TOTP second factor. */
export const operators = pgTable(
  'operators',
  {
    id: idColumn(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    totpSecret: text('totp_secret').notNull(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    /** The TOTP time step of the last accepted code: a code works once, even within its 30 s. */
    totpLastStep: int8('totp_last_step'),
    /** The back office's language this operator chose; null until they choose one. */
    locale: text('locale', { enum: LOCALES }),
    /** When an owner took the operator's access away: no sign-in, no session. Null while enabled. */
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('operators_login').on(t.login),
    check('operators_locale', sql`${t.locale} in ('th', 'en', 'ko', 'jp', 'vn')`),
    check(
      'operators_role',
      sql`${t.role} in ('owner', 'cashier', 'support', 'content', 'trading', 'compliance')`,
    ),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    operatorId: int8('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('operator_sessions_token').on(t.tokenHash),
    // An operator's open sessions, ended together (disabled, own password changed; migration 0078).
    index('operator_sessions_open').on(t.operatorId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Append-only record of every back-office action. Each entry's hash covers its content and the
 * previous entry's hash, so editing or removing any entry breaks the chain from there on.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    at: timestamptz('at').notNull(),
    operatorId: int8('operator_id'),
    operatorLogin: text('operator_login').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_action').on(t.action, t.id),
    index('audit_log_operator').on(t.operatorId, t.id),
    // The audit screen's filters by operator and by target, newest first (migration 0015).
    index('audit_log_operator_login').on(t.operatorLogin, t.id),
    index('audit_log_target').on(t.target, t.id),
  ],
);
