import type { members } from '../accounts/accounts.schema.ts';
import type { auditLog, operators } from './backoffice.schema.ts';
import type { Operator } from './operators.service.ts';

/** Rows of the back office's own tables as the admin API replies with them: field by field. */

/** The signed-in operator: never the session id. */
export const operatorView = (operator: Pick<Operator, 'id' | 'login' | 'role' | 'locale'>) => ({
  id: operator.id,
  login: operator.login,
  role: operator.role,
  locale: operator.locale,
});

/** An operator in a list: no password hash, no TOTP secret. */
export const operatorRowView = (
  row: Pick<
    typeof operators.$inferSelect,
    'id' | 'login' | 'role' | 'lockedUntil' | 'disabledAt' | 'createdAt'
  >,
) => ({
  id: row.id,
  login: row.login,
  role: row.role,
  lockedUntil: row.lockedUntil,
  disabledAt: row.disabledAt,
  createdAt: row.createdAt,
});

export const auditRowView = (row: typeof auditLog.$inferSelect) => ({
  id: row.id,
  at: row.at,
  operatorId: row.operatorId,
  operatorLogin: row.operatorLogin,
  action: row.action,
  target: row.target,
  before: row.before,
  after: row.after,
  ip: row.ip,
  prevHash: row.prevHash,
  hash: row.hash,
});

type MemberRow = typeof members.$inferSelect;

/**
 * The member page's profile: everything an operator may see, never the password hash. The bank
 * account number whole only with `fullBankNumber` (the roles that pay out or verify); others see its
 * last four digits, as the member's own pages show it.
 */
export const memberProfileView = (m: MemberRow, { fullBankNumber }: { fullBankNumber: boolean }) => ({
  id: m.id,
  siteId: m.siteId,
  loginId: m.loginId,
  nick: m.nick,
  phone: m.phone,
  bankName: m.bankName,
  bankOwner: m.bankOwner,
  bankNumber: fullBankNumber ? m.bankNumber : maskedBankNumber(m.bankNumber),
  level: m.level,
  status: m.status,
  referralCode: m.referralCode,
  referredBy: m.referredBy,
  isDemo: m.isDemo,
  createdAt: m.createdAt,
  lastLoginAt: m.lastLoginAt,
  lastLoginIp: m.lastLoginIp,
});

/** A bank account number as a role without need of it sees it: `•••• 7890`. */
export const maskedBankNumber = (bankNumber: string) => `•••• ${bankNumber.replace(/\D/g, '').slice(-4)}`;
