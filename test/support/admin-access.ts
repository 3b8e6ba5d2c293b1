import type { OperatorRole } from '../../src/server/modules/backoffice/backoffice.schema.ts';

const EVERY_ROLE: readonly OperatorRole[] = [
  'owner',
  'cashier',
  'support',
  'content',
  'trading',
  'compliance',
];
const OWNER: readonly OperatorRole[] = ['owner'];
const CASHIERS: readonly OperatorRole[] = ['owner', 'cashier'];
const MEMBER_READERS: readonly OperatorRole[] = ['owner', 'cashier', 'support', 'compliance'];
const COMPLIANCE: readonly OperatorRole[] = ['owner', 'compliance'];
const SUPPORT: readonly OperatorRole[] = ['owner', 'support'];
const CONTENT: readonly OperatorRole[] = ['owner', 'content'];
const TRADING: readonly OperatorRole[] = ['owner', 'trading'];

/**
 * Which operator roles may call each back-office route, written out by hand (not computed from
 * permissions.ts), so a route guarded by the wrong permission or a role given too much shows up as a
 * difference. Owners may do everything; cashiers decide cash requests and read members; support answers
 * tickets and account requests and sends notes; content edits notices, popups, banners and games; trading runs the sportsbook's desk;
 * compliance reviews verification documents and reads members.
 */
export const EXPECTED_ADMIN_ACCESS: Record<string, readonly OperatorRole[]> = {
  'GET /api/admin/dashboard': EVERY_ROLE,
  'GET /api/admin/pending-counts': EVERY_ROLE,
  'GET /api/admin/cashier/pending': CASHIERS,
  'POST /api/admin/cashier/:kind/:id/:decision': CASHIERS,
  'GET /api/admin/members': MEMBER_READERS,
  'GET /api/admin/members/:id': MEMBER_READERS,
  'GET /api/admin/members/:id/protection': MEMBER_READERS,
  'GET /api/admin/kyc/queue': COMPLIANCE,
  'GET /api/admin/kyc/members/:id': MEMBER_READERS,
  'GET /api/admin/kyc/documents/:id/file': COMPLIANCE,
  'POST /api/admin/kyc/documents/:id/decision': COMPLIANCE,
  'POST /api/admin/kyc/members/:id/request': COMPLIANCE,
  'GET /api/admin/members/:id/security': MEMBER_READERS,
  'POST /api/admin/members/:id/security/reset-2fa': OWNER,
  'POST /api/admin/members/:id/status': OWNER,
  'POST /api/admin/members/:id/level': OWNER,
  'POST /api/admin/members/:id/reset-password': OWNER,
  'POST /api/admin/members/:id/adjust': OWNER,
  'GET /api/admin/support/tickets': SUPPORT,
  'POST /api/admin/support/tickets/:id/answer': SUPPORT,
  'GET /api/admin/support/account-requests': SUPPORT,
  'POST /api/admin/support/account-requests/:id/answer': SUPPORT,
  'POST /api/admin/notes': SUPPORT,
  'POST /api/admin/content/preview': CONTENT,
  'GET /api/admin/content/:kind': CONTENT,
  'POST /api/admin/content/:kind': CONTENT,
  'POST /api/admin/content/:kind/:id': CONTENT,
  'POST /api/admin/content/:kind/:id/delete': CONTENT,
  'GET /api/admin/games': CONTENT,
  'POST /api/admin/games/vendors/:code': CONTENT,
  'POST /api/admin/games/:id': CONTENT,
  'GET /api/admin/games/open-rounds': CONTENT,
  'GET /api/admin/sports/events': TRADING,
  'POST /api/admin/sports/events/:id/state': TRADING,
  'POST /api/admin/sports/markets/:id/status': TRADING,
  'POST /api/admin/sports/markets/:id/prices': TRADING,
  'POST /api/admin/sports/markets/:id/result': TRADING,
  'POST /api/admin/sports/markets/:id/confirm': TRADING,
  'POST /api/admin/sports/markets/:id/correct': TRADING,
  'POST /api/admin/sports/markets/:id/unsettle': TRADING,
  'POST /api/admin/sports/events/:id/cancel-window': TRADING,
  'POST /api/admin/sports/markets/:id/rollback-cancel': TRADING,
  'GET /api/admin/sports/bets': TRADING,
  'POST /api/admin/sports/bets/:id/:action': TRADING,
  'GET /api/admin/sports/feed': TRADING,
  'GET /api/admin/sports/catalogue': TRADING,
  'GET /api/admin/sports/reconciliation': TRADING,
  'POST /api/admin/sports/reconciliation/:id/resolve': TRADING,
  'GET /api/admin/sports/settings': TRADING,
  'POST /api/admin/sports/settings': TRADING,
  'GET /api/admin/sports/limits': TRADING,
  'POST /api/admin/sports/limits': TRADING,
  'POST /api/admin/sports/limits/remove': TRADING,
  'POST /api/admin/sports/feed': TRADING,
  'GET /api/admin/promotions/campaigns': OWNER,
  'POST /api/admin/promotions/campaigns': OWNER,
  'POST /api/admin/promotions/campaigns/:id': OWNER,
  'GET /api/admin/promotions/campaigns/:id/report': OWNER,
  'GET /api/admin/settings/sites': OWNER,
  'POST /api/admin/settings/sites': OWNER,
  'POST /api/admin/settings/sites/:id': OWNER,
  'POST /api/admin/settings/sites/:id/cashier': OWNER,
  'POST /api/admin/settings/sites/:id/money': OWNER,
  'POST /api/admin/settings/sites/:id/accounts': OWNER,
  'POST /api/admin/settings/sites/:id/comp': OWNER,
  'POST /api/admin/settings/sites/:id/messenger': OWNER,
  'POST /api/admin/settings/sites/:id/public-api': OWNER,
  'POST /api/admin/settings/sites/:id/kyc': OWNER,
  'GET /api/admin/settings/sites/:id/levels': OWNER,
  'POST /api/admin/settings/sites/:id/levels': OWNER,
  'GET /api/admin/settings/payment-options': OWNER,
  'POST /api/admin/settings/payment-options': OWNER,
  'POST /api/admin/settings/payment-options/:id': OWNER,
  'GET /api/admin/audit': OWNER,
  'GET /api/admin/audit/actions': OWNER,
  'GET /api/admin/audit/verify': OWNER,
  'GET /api/admin/operators': OWNER,
  'POST /api/admin/operators': OWNER,
  'POST /api/admin/operators/:id/role': OWNER,
  'GET /api/admin/system/health': OWNER,
};
