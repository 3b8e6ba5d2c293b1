import { deskState } from '../cashier/cashier-hours.ts';
import { siteSummary } from './sites.service.ts';
import type { SiteRow } from './sites-admin.service.ts';

/**
 * A site as the settings screen shows it: its fields, its desks' state now, and what members get;
 * `hasMembers` fixes its currency (their accounts are in it).
 */
export const siteView = (site: SiteRow, hasMembers = false) => ({
  id: site.id,
  code: site.code,
  name: site.name,
  domains: site.domains,
  isDefault: site.isDefault,
  currency: site.currency,
  hasMembers,
  settings: site.settings,
  createdAt: site.createdAt,
  desks: { deposit: deskState(site, 'deposit'), withdraw: deskState(site, 'withdraw') },
  /** What the member layout gets (get-reg-domain): the links it will really show. */
  summary: siteSummary(site),
});
