import { type OperatorRole, PERMISSIONS, type Permission } from '../../../shared/vocabulary.ts';

// The list itself is shared with the back office (src/shared/vocabulary.ts).
export { PERMISSIONS, type Permission };

/** The fixed permission sets of the six roles (compliance: the verification review queue). */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  cashier: ['dashboard.view', 'cashier.view', 'cashier.decide', 'members.view'],
  support: ['dashboard.view', 'members.view', 'support.answer', 'notes.send'],
  content: ['dashboard.view', 'content.manage', 'games.manage'],
  trading: ['dashboard.view', 'trading'],
  compliance: ['dashboard.view', 'members.view', 'kyc.review'],
};

export const roleMay = (role: OperatorRole, permission: Permission) =>
  ROLE_PERMISSIONS[role].includes(permission);

/**
 * Whether a role sees members' bank account numbers whole: those who pay withdrawals out (their queue
 * shows the account) or verify who owns it. Support and the rest see the last four digits.
 */
export const seesFullBankNumbers = (role: OperatorRole) =>
  roleMay(role, 'cashier.decide') || roleMay(role, 'kyc.review');
