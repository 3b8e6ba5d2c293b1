import { and, desc, eq, ne } from 'drizzle-orm';
import type { Locale } from '../../../shared/format.ts';
import type { DbOrTx } from '../../db/client.ts';
import { vendorOfGame } from '../games/catalogue.service.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { type Campaign, listCampaigns } from './campaigns.service.ts';
import { freeSpinsOf } from './free-spins.service.ts';
import { grantKeyOf, takenOncePerMember } from './grants.service.ts';
import { assertOfferable, eligibilityProblem, isLive } from './offer-rules.ts';
import { promoBonuses, promoCampaigns } from './promotions.schema.ts';

/** The terms in the reader's language, else the site's, else Thai, else any the operator wrote. */
export function termsIn(c: Campaign, ...languages: (Locale | undefined)[]): string {
  for (const lang of [...languages, 'th' as const]) {
    const text = lang && c.terms[lang];
    if (text) return text;
  }
  return Object.values(c.terms).find((t) => t) ?? '';
}

/**
 * Live campaigns this member may take, newest first, with their terms in the reader's language; none at
 * all during a break, a self-exclusion or with a limit reached (assertOfferable).
 */
export async function offersFor(db: DbOrTx, memberId: number, languages: (Locale | undefined)[]) {
  const protectedNow = await assertOfferable(db, memberId).then(
    () => false,
    () => true,
  );
  if (protectedNow) return [];
  const live = (await listCampaigns(db)).filter((c) => isLive(c));
  const offers = [];
  for (const c of live) {
    if (await eligibilityProblem(db, memberId, c)) continue;
    const [had] = takenOncePerMember(c)
      ? await db
          .select({ id: promoBonuses.id })
          .from(promoBonuses)
          .where(eq(promoBonuses.grantKey, grantKeyOf(c, memberId)))
      : [];
    // The welcome bonus, a code and free spins taken are the member's bonus now, no longer an offer.
    if (had) continue;
    offers.push({
      id: c.id,
      type: c.type,
      name: c.name,
      terms: termsIn(c, ...languages),
      percentBps: c.percentBps,
      fixedAmount: c.fixedAmount,
      cap: c.cap,
      minDeposit: c.minDeposit,
      wageringMultiple: c.wageringMultiple,
      wageringBase: c.wageringBase,
      maxStake: c.maxStake,
      conversionCap: c.conversionCap,
      expiryDays: c.expiryDays,
      stakeOrder: c.stakeOrder,
      cashbackPeriodDays: c.cashbackPeriodDays,
      cashbackPaidAs: c.cashbackPaidAs,
      endsAt: c.endsAt.toISOString(),
      atDeposit: c.type === 'first_deposit' || c.type === 'every_deposit',
      freeSpins:
        c.type === 'free_spins'
          ? { count: c.freeSpinCount, stake: c.freeSpinStake, game: c.freeSpinGame! }
          : null,
    });
  }
  return offers;
}

const bonusColumns = {
  id: promoBonuses.id,
  campaignId: promoBonuses.campaignId,
  name: promoCampaigns.name,
  amount: promoBonuses.amount,
  wageringRequired: promoBonuses.wageringRequired,
  wageringDone: promoBonuses.wageringDone,
  status: promoBonuses.status,
  expiresAt: promoBonuses.expiresAt,
  grantedAt: promoBonuses.grantedAt,
  closedAt: promoBonuses.closedAt,
  converted: promoBonuses.converted,
  returned: promoBonuses.returned,
};

type BonusRow = { expiresAt: Date; grantedAt: Date; closedAt: Date | null };
export const bonusView = <T extends BonusRow>(b: T) => ({
  ...b,
  expiresAt: b.expiresAt.toISOString(),
  grantedAt: b.grantedAt.toISOString(),
  closedAt: b.closedAt?.toISOString() ?? null,
});

/** The active bonus (with the bonus account's balance) and the last 100 others, newest first. */
export async function bonusesOf(db: DbOrTx, memberId: number) {
  const [active] = await db
    .select(bonusColumns)
    .from(promoBonuses)
    .innerJoin(promoCampaigns, eq(promoCampaigns.id, promoBonuses.campaignId))
    .where(and(eq(promoBonuses.memberId, memberId), eq(promoBonuses.status, 'active')));
  const history = await db
    .select(bonusColumns)
    .from(promoBonuses)
    .innerJoin(promoCampaigns, eq(promoCampaigns.id, promoBonuses.campaignId))
    .where(and(eq(promoBonuses.memberId, memberId), ne(promoBonuses.status, 'active')))
    .orderBy(desc(promoBonuses.id))
    .limit(100);
  const balance = active ? (await memberBalances(db, memberId)).bonus : 0;
  const spins = active ? await freeSpinsOf(db, memberId) : undefined;
  return {
    active: active
      ? {
          ...bonusView(active),
          balance,
          freeSpins: spins
            ? {
                game: spins.gameCode,
                // The vendor the slot is listed under: the page opens the game with it (open-game).
                company: (await vendorOfGame(db, 'house', spins.gameCode)) ?? '',
                stake: spins.stake,
                granted: spins.granted,
                left: spins.left,
                won: spins.won,
              }
            : null,
        }
      : null,
    history: history.map(bonusView),
  };
}

/** One bonus as the member sees it. */
export async function bonusById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(bonusColumns)
    .from(promoBonuses)
    .innerJoin(promoCampaigns, eq(promoCampaigns.id, promoBonuses.campaignId))
    .where(eq(promoBonuses.id, id));
  return bonusView(row!);
}
