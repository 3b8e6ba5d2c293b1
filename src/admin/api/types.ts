/**
 * Reply shapes of /api/admin, derived from the server's own services (type-only imports, erased
 * from the bundle), so a server change that breaks a screen fails the typecheck.
 */
import type { pendingRequests } from '../../server/modules/backoffice/cashier-queue.service.ts';
import type { dashboard } from '../../server/modules/backoffice/dashboard.service.ts';
import type { memberDetail, searchMembers } from '../../server/modules/backoffice/members-admin.service.ts';
import type { Operator } from '../../server/modules/backoffice/operators.service.ts';
import type { Permission } from '../../server/modules/backoffice/permissions.ts';
import type { Json } from './json.ts';

type Reply<F extends (...args: never[]) => unknown> = Json<Awaited<ReturnType<F>>>;

export type { Permission };
export interface MeReply {
  operator: Operator;
  permissions: Permission[];
}
export type DashboardReply = Reply<typeof dashboard>;
export type PendingRequest = Reply<typeof pendingRequests>[number];
export type MemberRow = Reply<typeof searchMembers>[number];
export type MemberDetail = Reply<typeof memberDetail>;

export type SupportTicket = Json<
  typeof import('../../server/modules/support/support.schema.ts').helpTickets.$inferSelect & {
    member: { loginId: string; nick: string } | null;
  }
>;
export type AccountRequest = Reply<
  typeof import('../../server/modules/support/account-requests-admin.service.ts').pendingAccountRequests
>[number];

export type ContentItem = Json<import('../../server/modules/content/content-admin.service.ts').ContentItem>;
export type ContentKind = ContentItem['kind'];

export type AdminVendor = Reply<
  typeof import('../../server/modules/games/catalogue-admin.service.ts').adminCatalogue
>[number];
export type OpenRound = Reply<typeof import('../../server/modules/games/bets.service.ts').openRounds>[number];

export type AuditRow = Json<
  typeof import('../../server/modules/backoffice/backoffice.schema.ts').auditLog.$inferSelect
>;
export type AuditVerdict = Reply<
  typeof import('../../server/modules/backoffice/audit.service.ts').verifyAuditChain
>;

type SiteRow = import('../../server/modules/sites/sites-admin.service.ts').SiteRow;
type DeskState = import('../../server/modules/cashier/cashier-hours.ts').DeskState;
/** A site as GET /settings/sites gives it: the row, the desks' state now, and what members get. */
export type SiteView = Json<
  SiteRow & {
    desks: { deposit: DeskState; withdraw: DeskState };
    summary: ReturnType<typeof import('../../server/modules/sites/sites.service.ts').siteSummary>;
  }
>;
export type PaymentOption = Json<
  import('../../server/modules/cashier/payments/payment-options-admin.service.ts').PaymentOptionRow
>;
export interface LevelRow {
  level: number;
  name: string | null;
  members: number;
  compRates: Partial<Record<'casino' | 'slot' | 'sport', number>>;
}

export type OperatorRow = Reply<
  typeof import('../../server/modules/backoffice/audit-query.service.ts').listOperators
>[number];
