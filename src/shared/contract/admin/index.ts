import { auditEndpoints } from './audit.ts';
import { cashierEndpoints } from './cashier.ts';
import { contentEndpoints } from './content.ts';
import { dashboardEndpoints } from './dashboard.ts';
import type { AdminEndpoint } from './endpoint.ts';
import { gamesEndpoints } from './games.ts';
import { kycEndpoints } from './kyc.ts';
import { memberSecurityEndpoints } from './member-security.ts';
import { membersEndpoints } from './members.ts';
import { notesEndpoints } from './notes.ts';
import { operatorsEndpoints } from './operators.ts';
import { paymentOptionsEndpoints } from './payment-options.ts';
import { promotionsEndpoints } from './promotions.ts';
import { protectionEndpoints } from './protection.ts';
import { publicApiEndpoints } from './public-api.ts';
import { sessionEndpoints } from './session.ts';
import { sitesEndpoints } from './sites.ts';
import { sportsEndpoints } from './sports.ts';
import { supportEndpoints } from './support.ts';
import { systemEndpoints } from './system.ts';

/**
 * The admin API contract (/api/admin/...), one group per back-office screen. The server's route
 * files implement these, the back office calls them through `adminCall`, and the OpenAPI document
 * lists them. A new screen adds its file here with one line.
 */
export const adminContract = {
  session: sessionEndpoints,
  dashboard: dashboardEndpoints,
  cashier: cashierEndpoints,
  members: membersEndpoints,
  memberSecurity: memberSecurityEndpoints,
  protection: protectionEndpoints,
  kyc: kycEndpoints,
  support: supportEndpoints,
  notes: notesEndpoints,
  content: contentEndpoints,
  games: gamesEndpoints,
  sports: sportsEndpoints,
  sites: sitesEndpoints,
  paymentOptions: paymentOptionsEndpoints,
  promotions: promotionsEndpoints,
  publicApi: publicApiEndpoints,
  operators: operatorsEndpoints,
  audit: auditEndpoints,
  system: systemEndpoints,
} as const satisfies Record<string, Record<string, AdminEndpoint>>;

export type { AdminEndpoint, AdminReply, SendBody, SendParams, SendQuery } from './endpoint.ts';
