/**
 * Reply shapes of /api/admin, as the screens use them: derived from the shared admin contract
 * (src/shared/contract/admin), never from server code. Dates arrive as ISO strings.
 */

import type { AdminReply } from '../../shared/contract/admin/endpoint.ts';
import type { adminContract as api } from '../../shared/contract/admin/index.ts';

export type { Permission } from '../../shared/vocabulary.ts';

type Item<T> = T extends readonly (infer U)[] ? U : never;

export type MeReply = AdminReply<typeof api.session.me>;
export type DashboardReply = AdminReply<typeof api.dashboard.dashboard>;
export type PendingCounts = AdminReply<typeof api.dashboard.pendingCounts>;
export type PendingRequest = Item<AdminReply<typeof api.cashier.pending>['requests']>;
export type MemberRow = Item<AdminReply<typeof api.members.search>['members']>;
export type MemberDetail = AdminReply<typeof api.members.detail>;
export type SupportTicket = Item<AdminReply<typeof api.support.tickets>['tickets']>;
export type AccountRequest = Item<AdminReply<typeof api.support.accountRequests>['requests']>;
export type ContentItem = Item<AdminReply<typeof api.content.list>['items']>;
export type ContentKind = ContentItem['kind'];
export type AdminVendor = Item<AdminReply<typeof api.games.catalogue>['vendors']>;
export type OpenRound = Item<AdminReply<typeof api.games.openRounds>['rounds']>;
export type TradingEvent = Item<AdminReply<typeof api.sports.events>['events']>;
export type TradingMarket = TradingEvent['markets'][number];
export type TradingBet = Item<AdminReply<typeof api.sports.bets>['bets']>;
export type DeskLimit = Item<AdminReply<typeof api.sports.limits>['limits']>;
export type ReconcileFinding = Item<AdminReply<typeof api.sports.reconciliation>['findings']>;
export type DeskProposal = Item<AdminReply<typeof api.sports.proposals>['proposals']>;
export type AuditRow = Item<AdminReply<typeof api.audit.search>['entries']>;
export type AuditVerdict = AdminReply<typeof api.audit.verify>;
/** A site as GET /settings/sites gives it: the row, the desks' state now, and what members get. */
export type SiteView = Item<AdminReply<typeof api.sites.list>['sites']>;
export type PaymentOption = Item<AdminReply<typeof api.paymentOptions.list>['options']>;
export type LevelRow = Item<AdminReply<typeof api.sites.levels>['levels']>;
export type OperatorRow = Item<AdminReply<typeof api.operators.list>['operators']>;
export type SystemHealthReply = AdminReply<typeof api.system.health>;
