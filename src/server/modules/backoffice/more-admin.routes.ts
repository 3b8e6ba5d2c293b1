import type { AdminRoute } from './admin.routes.ts';
import { AUDIT_ADMIN_ROUTES } from './audit-admin.routes.ts';
import { CONTENT_ADMIN_ROUTES } from './content-admin.routes.ts';
import { GAMES_ADMIN_ROUTES } from './games-admin.routes.ts';
import { MEMBER_ADMIN_ROUTES } from './members-admin.routes.ts';
import { OPERATORS_ADMIN_ROUTES } from './operators-admin.routes.ts';
import { PAYMENT_OPTIONS_ADMIN_ROUTES } from './payment-options-admin.routes.ts';
import { SITES_ADMIN_ROUTES } from './sites-admin.routes.ts';
import { SUPPORT_ADMIN_ROUTES } from './support-admin.routes.ts';

/**
 * Every admin route beyond the core list in admin.routes.ts, one list per screen; admin.routes.ts
 * registers them and the permission-matrix test walks them.
 */
export const MORE_ADMIN_ROUTES: AdminRoute[] = [
  ...MEMBER_ADMIN_ROUTES,
  ...SUPPORT_ADMIN_ROUTES,
  ...CONTENT_ADMIN_ROUTES,
  ...GAMES_ADMIN_ROUTES,
  ...SITES_ADMIN_ROUTES,
  ...PAYMENT_OPTIONS_ADMIN_ROUTES,
  ...AUDIT_ADMIN_ROUTES,
  ...OPERATORS_ADMIN_ROUTES,
];
