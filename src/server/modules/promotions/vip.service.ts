import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { findMember, lockMember, updateMember } from '../accounts/members.service.ts';
import { appendAudit } from '../backoffice/audit.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import type { SiteSettings } from '../sites/sites.schema.ts';
import type { Campaign } from './campaigns.service.ts';
import { codeBonusAmount, grantBonus } from './grants.service.ts';
import { assertOfferable, eligibilityProblem, isLive } from './offer-rules.ts';
import { promoBonuses, promoCampaigns, promoLevelUps, promoVipLevels } from './promotions.schema.ts';

export interface VipLevel {
  level: number;
  wagered: number;
}

/** What each level of the site needs in total wagered, by level. */
export async function vipLevelsOf(db: DbOrTx, siteId: number): Promise<VipLevel[]> {
  return db
    .select({ level: promoVipLevels.level, wagered: promoVipLevels.wagered })
    .from(promoVipLevels)
    .where(eq(promoVipLevels.siteId, siteId))
    .orderBy(asc(promoVipLevels.level));
}

/** Replaces a site's levels (inside the caller's audited transaction): a higher level needs more. */
export async function setVipLevels(tx: DbOrTx, siteId: number, levels: VipLevel[]): Promise<VipLevel[]> {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.level === sorted[i - 1]!.level) throw errors.invalid(`level ${sorted[i]!.level} twice`);
    if (sorted[i]!.wagered <= sorted[i - 1]!.wagered)
      throw errors.invalid(`level ${sorted[i]!.level} must need more than level ${sorted[i - 1]!.level}`);
  }
  await tx.delete(promoVipLevels).where(eq(promoVipLevels.siteId, siteId));
  if (sorted.length > 0) await tx.insert(promoVipLevels).values(sorted.map((l) => ({ siteId, ...l })));
  return sorted;
}

/** What the member has wagered in all (sql/promo_member_wagered.sql). */
export async function wageredBy(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select promo_member_wagered(${memberId}) as n`);
  return Number(row?.n ?? 0);
}

/** Live level-up campaigns, oldest first. */
async function levelUpCampaigns(db: DbOrTx): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(promoCampaigns)
    .where(and(eq(promoCampaigns.type, 'level_up'), eq(promoCampaigns.enabled, true)))
    .orderBy(asc(promoCampaigns.id));
  return rows.filter((c) => isLive(c));
}

/** The level-up campaign that rewards reaching `level` for this member (its levels: the levels it rewards). */
async function levelUpCampaignFor(
  db: DbOrTx,
  memberId: number,
  level: number,
): Promise<Campaign | undefined> {
  for (const c of await levelUpCampaigns(db)) {
    if (c.levels.length > 0 && !c.levels.includes(level)) continue;
    // Currency, site and new members as any offer; the levels were checked above.
    if (!(await eligibilityProblem(db, memberId, { ...c, levels: [] }))) return c;
  }
  return undefined;
}

/**
 * The level-up still waiting for a bonus that a live campaign rewards, lowest first. Waiting levels no
 * campaign rewards are marked `no_bonus` on the way: left waiting, the lowest of them hid every higher
 * level's bonus for good, and kept the member among the sweep's candidates forever.
 */
async function rewardedWaitingLevelUp(tx: DbOrTx, memberId: number) {
  const waiting = await tx
    .select({ level: promoLevelUps.level })
    .from(promoLevelUps)
    .where(
      and(
        eq(promoLevelUps.memberId, memberId),
        isNull(promoLevelUps.bonusId),
        eq(promoLevelUps.noBonus, false),
      ),
    )
    .orderBy(asc(promoLevelUps.level));
  for (const { level } of waiting) {
    const campaign = await levelUpCampaignFor(tx, memberId, level);
    if (campaign) return { level, campaign };
    await tx
      .update(promoLevelUps)
      .set({ noBonus: true })
      .where(and(eq(promoLevelUps.memberId, memberId), eq(promoLevelUps.level, level)));
  }
  return undefined;
}

/** The bonus for the lowest waiting level-up a campaign rewards, if nothing stands in the way. */
async function grantWaitingLevelUpBonus(tx: DbOrTx, memberId: number): Promise<number | null> {
  const found = await rewardedWaitingLevelUp(tx, memberId);
  if (!found) return null;
  const { level, campaign } = found;
  try {
    await assertOfferable(tx, memberId);
  } catch {
    return null;
  }
  const grantKey = `level_up:${campaign.id}:${memberId}:${level}`;
  const amount = codeBonusAmount(campaign);
  const granted = await grantBonus(tx, {
    campaign,
    memberId,
    amount,
    deposit: 0,
    grantKey,
    by: 'system:level-up',
  });
  let bonusId: number | null = null;
  if (granted.outcome === 'granted') {
    bonusId = granted.bonus.id;
    await tellMember(tx, memberId, 'levelUpBonus', { amount, level }, { lasting: true });
  } else if (granted.outcome === 'already') {
    const [had] = await tx
      .select({ id: promoBonuses.id })
      .from(promoBonuses)
      .where(eq(promoBonuses.grantKey, grantKey));
    bonusId = had?.id ?? null;
  }
  if (bonusId !== null) {
    await tx
      .update(promoLevelUps)
      .set({ bonusId })
      .where(and(eq(promoLevelUps.memberId, memberId), eq(promoLevelUps.level, level)));
  }
  return granted.outcome === 'granted' ? bonusId : null;
}

/**
 * Raises the member to the highest level of their site their wagering reaches and play never reached
 * before (never down; a level an operator took away is not given back by the same wagering), recording
 * each level reached once (promo_level_ups: audited, told to the member), then grants the level-up
 * bonus of the lowest level still waiting for one. One transaction under the member's row lock, so
 * concurrent calls take turns and the second finds nothing to do. What changed.
 */
export async function applyLevelUps(
  db: Db,
  memberId: number,
): Promise<{ level: number | null; bonusId: number | null }> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, memberId);
    const locked = await lockMember(tx, memberId);
    if (!member || !locked) return { level: null, bonusId: null };
    const wagered = await wageredBy(tx, memberId);
    // A level play reached once is not reached again: an operator's demotion stands (re-raised at the
    // next look, a member demoted for abuse went straight back to the higher comp rates).
    const before = new Set(
      (
        await tx
          .select({ level: promoLevelUps.level })
          .from(promoLevelUps)
          .where(eq(promoLevelUps.memberId, memberId))
      ).map((r) => r.level),
    );
    const reached = (await vipLevelsOf(tx, member.siteId)).filter(
      (l) => l.level > locked.level && l.wagered <= wagered && !before.has(l.level),
    );
    let level: number | null = null;
    if (reached.length > 0) {
      level = Math.max(...reached.map((l) => l.level));
      await updateMember(tx, memberId, { level });
      await tx
        .insert(promoLevelUps)
        .values(reached.map((l) => ({ memberId, level: l.level, fromLevel: locked.level, wagered })))
        .onConflictDoNothing();
      await appendAudit(tx, {
        operatorId: null,
        operatorLogin: 'system:level-up',
        action: 'promotions.level.up',
        target: `member:${memberId}`,
        before: { level: locked.level },
        after: { level, wagered },
      });
      await tellMember(tx, memberId, 'levelUp', { level }, { lasting: true });
    }
    return { level, bonusId: await grantWaitingLevelUpBonus(tx, memberId) };
  });
}

/**
 * Housekeeping: level-ups of everyone who played since yesterday, and waiting level-up bonuses. A
 * member that fails is told to `onFailure` and counted; the others go on (one bad row must not stop
 * everyone after it). How many rose, and how many failed.
 */
export async function levelUpSweep(
  db: Db,
  onFailure: (error: unknown, where: Record<string, unknown>) => void = () => {},
): Promise<{ rose: number; failed: number }> {
  const candidates = await queryRows<{ member_id: number }>(
    db,
    sql`select member_id from promo_vip_candidates()`,
  );
  let rose = 0;
  let failed = 0;
  for (const { member_id } of candidates) {
    try {
      if ((await applyLevelUps(db, Number(member_id))).level !== null) rose += 1;
    } catch (error) {
      failed += 1;
      onFailure(error, { memberId: Number(member_id) });
    }
  }
  return { rose, failed };
}

/** A level as the member's VIP page shows it: its number, the site's name for it, its comp rates. */
const levelView = (settings: SiteSettings, level: number) => ({
  level,
  name: settings.levelNames?.[String(level)] ?? null,
  compRates: (settings.comp?.rates?.[String(level)] ?? {}) as Record<string, number>,
});

/**
 * The member's VIP progress: their level, what they have wagered, and the next level of their site
 * (what it needs, its comp rates, the level-up bonus a live campaign gives for reaching it), if any.
 */
export async function vipProgress(db: DbOrTx, memberId: number, settings: SiteSettings) {
  const member = await findMember(db, memberId);
  if (!member) throw errors.notFound(`member ${memberId}`);
  const wagered = await wageredBy(db, memberId);
  const next = (await vipLevelsOf(db, member.siteId)).find((l) => l.level > member.level);
  const bonus = next && (await levelUpCampaignFor(db, memberId, next.level));
  const [lastUp] = await db
    .select({ level: promoLevelUps.level, at: promoLevelUps.createdAt })
    .from(promoLevelUps)
    .where(eq(promoLevelUps.memberId, memberId))
    .orderBy(desc(promoLevelUps.level))
    .limit(1);
  return {
    ...levelView(settings, member.level),
    wagered,
    reachedAt: lastUp?.level === member.level ? lastUp.at.toISOString() : null,
    next: next
      ? {
          ...levelView(settings, next.level),
          wagered: next.wagered,
          bonus: bonus ? codeBonusAmount(bonus) : null,
        }
      : null,
  };
}
