import { MSG } from '../../../shared/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type ApiError, errors } from '../../http/errors.ts';
import { findMember } from '../accounts/members.service.ts';
import { memberCurrencies } from '../ledger/ledger.service.ts';
import { limitUsage, listLimits } from '../protection/limits.service.ts';
import { assertMayPlay } from '../protection/protection.service.ts';
import type { Campaign } from './campaigns.service.ts';

/** A campaign members can take now: switched on and inside its period. */
export const isLive = (c: Campaign, now = new Date()) => c.enabled && c.startsAt <= now && now < c.endsAt;

export const unavailable = () =>
  errors.notInList('this promotion is not available now', MSG.promoUnavailable);

/**
 * Why a live campaign is not for this member, if it is not: another currency, site or level, or a
 * member who registered before a new-members-only campaign began.
 */
export async function eligibilityProblem(
  db: DbOrTx,
  memberId: number,
  campaign: Campaign,
): Promise<ApiError | undefined> {
  const member = await findMember(db, memberId);
  const currency = (await memberCurrencies(db, [memberId])).get(memberId);
  const notForYou = (why: string) => errors.forbidden(`not eligible: ${why}`, MSG.promoNotEligible);
  if (!member) return notForYou('no such member');
  if (currency !== campaign.currency) return notForYou(`the campaign is in ${campaign.currency}`);
  if (campaign.siteIds.length > 0 && !campaign.siteIds.includes(member.siteId))
    return notForYou('another site');
  if (campaign.levels.length > 0 && !campaign.levels.includes(member.level))
    return notForYou('another level');
  if (campaign.newMembersOnly && member.createdAt < campaign.startsAt) return notForYou('new members only');
  return undefined;
}

/**
 * No offer to a member on a break or self-excluded (the protection module's own refusal) or with a
 * limit already reached (any deposit, loss or wager limit whose period's total has met it): bonuses must
 * not make a limit easier to breach.
 */
export async function assertOfferable(tx: DbOrTx, memberId: number): Promise<void> {
  await assertMayPlay(tx, memberId);
  const limits = (await listLimits(tx, memberId)).filter((l) => l.kind !== 'session');
  if (limits.length === 0) return;
  const usage = await limitUsage(tx, memberId);
  const reached = limits.find((l) => (usage.used(l.kind, l.period) ?? 0) >= l.amount);
  if (reached) {
    throw errors.forbidden(`the member's ${reached.kind} limit is reached`, MSG.promoProtected);
  }
}
