import { MSG } from '../../shared/messages.ts';
import type { SessionMember } from '../modules/accounts/sessions.service.ts';
import type { Site } from '../modules/sites/sites.service.ts';
import { errors } from './errors.ts';

/**
 * A member acts only on their own site's hosts. The routes apply the host's site (its currency,
 * cashier desk, verification rules), so a session used on another site's host would mix two sites'
 * money rules: refused before any handler runs.
 */
export function assertMemberOfSite(member: Pick<SessionMember, 'siteId'>, site: Site): void {
  if (member.siteId !== site.id) {
    throw errors.forbidden(`this account belongs to another site than ${site.code}`, MSG.otherSiteAccount);
  }
}
