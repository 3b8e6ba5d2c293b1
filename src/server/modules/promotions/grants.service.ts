import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { auditBonus } from './bonus-audit.ts';
import { type Campaign, findCampaign, findCampaignByCode } from './campaigns.service.ts';
import { assertOfferable, eligibilityProblem, isLive, unavailable } from './offer-rules.ts';
import { flagSamePerson } from './person-flags.service.ts';
import { promoBonuses, promoDepositClaims, promoFreeSpins } from './promotions.schema.ts';

export type Bonus = typeof promoBonuses.$inferSelect;

/** A deposit bonus: the campaign's percentage of the deposit, rounded down to the minor unit, at most its cap. */
export function depositBonusAmount(campaign: Campaign, deposit: number): number {
  const amount = Math.floor((deposit * campaign.percentBps) / 10_000);
  return campaign.cap === null ? amount : Math.min(amount, campaign.cap);
}

/** A code bonus: the campaign's fixed amount, at most its cap. */
export const codeBonusAmount = (c: Campaign) =>
  c.cap === null ? c.fixedAmount : Math.min(c.fixedAmount, c.cap);

/** The stakes (already weighted by contribution) the bonus needs: the multiple × the bonus, or × bonus + deposit. */
export const wageringRequired = (
  c: Pick<Campaign, 'wageringMultiple' | 'wageringBase'>,
  bonus: number,
  deposit: number,
) => c.wageringMultiple * (c.wageringBase === 'bonus_deposit' ? bonus + deposit : bonus);

/** Campaigns a member takes once (their grant key is the member's): taken, they are no longer an offer. */
export const takenOncePerMember = (c: Campaign) =>
  c.type === 'first_deposit' || c.type === 'code' || c.type === 'free_spins';

/**
 * The grant key makes each grant happen once: the first deposit bonus once per member, any other
 * deposit bonus once per deposit, a code or free spins once per member.
 */
export function grantKeyOf(c: Campaign, memberId: number, depositRequestId?: number): string {
  if (c.type === 'first_deposit') return `welcome:${memberId}`;
  if (depositRequestId !== undefined) return `deposit:${depositRequestId}`;
  return `${c.type}:${c.id}:${memberId}`;
}

export type GrantOutcome = { outcome: 'granted'; bonus: Bonus } | { outcome: 'already' | 'active' | 'zero' };

/**
 * Grants a bonus inside the caller's transaction: its row, then one ledger transfer from the promotions
 * expense to the member's bonus account (key `bonus-grant:<bonus id>`), then its audit entry. The row's
 * unique indexes decide concurrent grants: one grant per key, one active bonus per member; a loser
 * waits for the winner's commit and then inserts nothing.
 */
export async function grantBonus(
  tx: DbOrTx,
  input: {
    campaign: Campaign;
    memberId: number;
    amount: number;
    deposit: number;
    depositRequestId?: number;
    /** A key of the caller's own (a cashback's period); else grantKeyOf's. */
    grantKey?: string;
    by: string;
  },
): Promise<GrantOutcome> {
  const { campaign, memberId, amount, deposit } = input;
  // A free spins grant starts at 0: its bonus is what the spins win (free-spins.service.ts).
  const freeSpins = campaign.type === 'free_spins';
  if (amount <= 0 && !freeSpins) return { outcome: 'zero' };
  const grantKey = input.grantKey ?? grantKeyOf(campaign, memberId, input.depositRequestId);
  const [bonus] = await tx
    .insert(promoBonuses)
    .values({
      campaignId: campaign.id,
      memberId,
      grantKey,
      depositRequestId: input.depositRequestId ?? null,
      amount,
      depositAmount: deposit,
      wageringRequired: wageringRequired(campaign, amount, deposit),
      maxStake: campaign.maxStake,
      conversionCap: campaign.conversionCap,
      slotsBps: campaign.slotsBps,
      tablesBps: campaign.tablesBps,
      sportsBps: campaign.sportsBps,
      sportsMinOddsNum: campaign.sportsMinOddsNum,
      sportsMinOddsDen: campaign.sportsMinOddsDen,
      stakeOrder: campaign.stakeOrder,
      expiresAt: sql`now() + make_interval(days => ${campaign.expiryDays})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!bonus) {
    const [taken] = await tx
      .select({ id: promoBonuses.id })
      .from(promoBonuses)
      .where(eq(promoBonuses.grantKey, grantKey));
    return { outcome: taken ? 'already' : 'active' };
  }
  if (amount > 0) {
    await transfer(tx, {
      idempotencyKey: `bonus-grant:${bonus.id}`,
      from: { house: 'promo_expense' },
      to: { memberId, kind: 'bonus' },
      amount,
      kind: 'bonus_grant',
      reference: { bonusId: bonus.id, campaignId: campaign.id },
    });
  }
  const spins = freeSpins
    ? {
        gameCode: campaign.freeSpinGame!,
        stake: campaign.freeSpinStake,
        granted: campaign.freeSpinCount,
        wageringMultiple: campaign.wageringMultiple,
      }
    : undefined;
  if (spins) await tx.insert(promoFreeSpins).values({ bonusId: bonus.id, memberId, ...spins });
  await auditBonus(tx, memberId, 'grant', input.by, {
    bonusId: bonus.id,
    campaignId: campaign.id,
    amount,
    deposit,
    wageringRequired: bonus.wageringRequired,
    ...(spins && { freeSpins: spins }),
  });
  // One welcome bonus per person: others who had one and share a bank account, phone or device are flagged.
  if (campaign.type === 'first_deposit') await flagSamePerson(tx, memberId, bonus.id);
  return { outcome: 'granted', bonus };
}

/** The member's active bonus, if any (at most one: promo_bonuses_one_active). */
export async function activeBonusOf(db: DbOrTx, memberId: number): Promise<Bonus | undefined> {
  const [row] = await db
    .select()
    .from(promoBonuses)
    .where(and(eq(promoBonuses.memberId, memberId), eq(promoBonuses.status, 'active')));
  return row;
}

async function alreadyGranted(db: DbOrTx, grantKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promoBonuses.id })
    .from(promoBonuses)
    .where(eq(promoBonuses.grantKey, grantKey));
  return row !== undefined;
}

/** Everything that makes a campaign unavailable to this member now, as the refusal a member reads. */
async function assertMayTake(
  tx: DbOrTx,
  memberId: number,
  campaign: Campaign | undefined,
  grantKey?: string,
) {
  if (!campaign || !isLive(campaign)) throw unavailable();
  const problem = await eligibilityProblem(tx, memberId, campaign);
  if (problem) throw problem;
  await assertOfferable(tx, memberId);
  if (grantKey && (await alreadyGranted(tx, grantKey)))
    throw errors.alreadyOpen('this bonus was already granted', MSG.promoAlreadyClaimed);
  if (await activeBonusOf(tx, memberId))
    throw errors.alreadyOpen('the member has an active bonus', MSG.promoBonusActive);
}

/**
 * The member opts in at deposit request (inside its transaction): the campaign must be a live deposit
 * campaign for them, the deposit at least its minimum, and nothing already standing in the way. The
 * approval grants it (grantForDeposit); a repeated request keeps its first opt-in.
 */
export async function optInAtDeposit(
  tx: DbOrTx,
  memberId: number,
  request: { id: number; amount: number },
  campaignId: number,
): Promise<void> {
  const campaign = await findCampaign(tx, campaignId);
  if (campaign && campaign.type !== 'first_deposit' && campaign.type !== 'every_deposit') throw unavailable();
  await assertMayTake(tx, memberId, campaign, campaign && grantKeyOf(campaign, memberId, request.id));
  if (request.amount < campaign!.minDeposit) {
    throw errors.invalid('the deposit is below the campaign minimum', MSG.promoMinDeposit, {
      minimum: campaign!.minDeposit,
    });
  }
  await tx
    .insert(promoDepositClaims)
    .values({ requestId: request.id, campaignId, memberId })
    .onConflictDoNothing();
}

/**
 * At deposit approval (inside the credit's transaction, after the cash transfer): the bonus the member
 * opted into, if it still applies. Never refuses the deposit: a campaign that ended, a member now on a
 * break or with a bonus already running simply gets no grant.
 */
export async function grantForDeposit(
  tx: DbOrTx,
  request: { id: number; memberId: number; amount: number },
  by: string,
): Promise<GrantOutcome | undefined> {
  const [claim] = await tx
    .select()
    .from(promoDepositClaims)
    .where(eq(promoDepositClaims.requestId, request.id));
  if (!claim) return undefined;
  const campaign = await findCampaign(tx, claim.campaignId);
  try {
    await assertMayTake(tx, request.memberId, campaign);
  } catch {
    return undefined;
  }
  if (request.amount < campaign!.minDeposit) return undefined;
  return grantBonus(tx, {
    campaign: campaign!,
    memberId: request.memberId,
    amount: depositBonusAmount(campaign!, request.amount),
    deposit: request.amount,
    depositRequestId: request.id,
    by,
  });
}

/** A member claims a bonus by its code (one transaction): once per member and campaign. */
export async function claimByCode(tx: DbOrTx, memberId: number, code: string): Promise<Bonus> {
  const campaign = await findCampaignByCode(tx, code);
  if (campaign?.type !== 'code') {
    throw errors.notInList(`no promotion code ${code}`, MSG.promoCodeUnknown);
  }
  await assertMayTake(tx, memberId, campaign, grantKeyOf(campaign, memberId));
  const granted = await grantBonus(tx, {
    campaign,
    memberId,
    amount: codeBonusAmount(campaign),
    deposit: 0,
    by: `member:${memberId}`,
  });
  return claimedBonus(granted);
}

/**
 * A member takes a free spins campaign offered to them (one transaction): once per member and campaign,
 * never on a break, self-excluded or at a limit, nor beside another active bonus. Its spins are the
 * bonus's; what they win is its amount.
 */
export async function claimFreeSpins(tx: DbOrTx, memberId: number, campaignId: number): Promise<Bonus> {
  const campaign = await findCampaign(tx, campaignId);
  if (campaign && campaign.type !== 'free_spins') throw unavailable();
  await assertMayTake(tx, memberId, campaign, campaign && grantKeyOf(campaign, memberId));
  const granted = await grantBonus(tx, {
    campaign: campaign!,
    memberId,
    amount: 0,
    deposit: 0,
    by: `member:${memberId}`,
  });
  return claimedBonus(granted);
}

/** A member's claim answers the bonus, or why a concurrent claim got none. */
function claimedBonus(granted: GrantOutcome): Bonus {
  if (granted.outcome === 'granted') return granted.bonus;
  if (granted.outcome === 'active')
    throw errors.alreadyOpen('the member has an active bonus', MSG.promoBonusActive);
  throw errors.alreadyOpen('this bonus was already granted', MSG.promoAlreadyClaimed);
}
