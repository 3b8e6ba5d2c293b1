import type { OperatorRole } from './backoffice.schema.ts';

/** What each back-office action needs; every admin route names one of these. */
export const PERMISSIONS = [
  'dashboard.view',
  'cashier.view',
  'cashier.decide',
  'members.view',
  'members.manage',
  'support.answer',
  'notes.send',
  'content.manage',
  'games.manage',
  'settings.manage',
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The fixed permission sets of the four roles. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  cashier: ['dashboard.view', 'cashier.view', 'cashier.decide', 'members.view'],
  support: ['dashboard.view', 'members.view', 'support.answer', 'notes.send'],
  content: ['dashboard.view', 'content.manage', 'games.manage'],
};

export const roleMay = (role: OperatorRole, permission: Permission) =>
  ROLE_PERMISSIONS[role].includes(permission);
