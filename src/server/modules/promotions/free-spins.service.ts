import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { lockMemberCashAndHouse, memberBalances, transfer } from '../ledger/ledger.service.ts';
import { assertMayPlay } from '../protection/protection.service.ts';
import { auditBonus } from './bonus-audit.ts';
import { wageringRequired } from './grants.service.ts';
import { promoBonuses, promoFreeSpins } from './promotions.schema.ts';

/** The free spins of a member's active bonus, while it runs: which slot, the stake, how many are left. */
export interface FreeSpins {
  bonusId: number;
  gameCode: string;
  stake: number;
  granted: number;
  played: number;
  left: number;
  won: number;
}

/** The member's free spins still to play (those of their active, unexpired bonus), if any. */
export async function freeSpinsOf(db: DbOrTx, memberId: number): Promise<FreeSpins | undefined> {
  const [row] = await db
    .select({
      bonusId: promoFreeSpins.bonusId,
      gameCode: promoFreeSpins.gameCode,
      stake: promoFreeSpins.stake,
      granted: promoFreeSpins.granted,
      played: promoFreeSpins.played,
      won: promoFreeSpins.won,
    })
    .from(promoFreeSpins)
    .innerJoin(promoBonuses, eq(promoBonuses.id, promoFreeSpins.bonusId))
    .where(
      and(
        eq(promoFreeSpins.memberId, memberId),
        eq(promoBonuses.status, 'active'),
        gt(promoBonuses.expiresAt, sql`now()`),
      ),
    );
  return row && { ...row, left: row.granted - row.played };
}

/** Whether a bonus still has spins to play: it cannot convert before they are played. */
export async function hasSpinsLeft(db: DbOrTx, bonusId: number): Promise<boolean> {
  const [row] = await db
    .select({ bonusId: promoFreeSpins.bonusId })
    .from(promoFreeSpins)
    .where(and(eq(promoFreeSpins.bonusId, bonusId), lt(promoFreeSpins.played, promoFreeSpins.granted)));
  return row !== undefined;
}

export type FreeSpinResult =
  | {
      outcome: 'played';
      roundId: string;
      left: number;
      bonus: number;
      wageringRequired: number;
      wageringDone: number;
    }
  | { outcome: 'none' };

/**
 * Settles one free spin whose outcome the slot engine already drew, in one transaction: one spin taken
 * from the grant (a conditional update: never more than granted, whatever runs concurrently), the
 * round recorded by `recordRound` (the caller's round row, settled, whose id it answers: the round and
 * its money commit together or not at all), its stake from the promotions expense to game revenue
 * (`free-spin-stake:<round>`), and its win from game revenue to the member's bonus
 * (`free-spin-win:<round>`), which adds to the bonus and to its wagering by the campaign's multiple
 * (wageringRequired, as any grant). The last spin of a bonus still at 0 closes it (nothing to wager or
 * convert: it would only block another bonus until it expired). `none`: no spin of this slot and stake
 * is left (or the bonus ended); nothing moved and no round was recorded.
 */
export async function playFreeSpin(
  db: Db,
  input: {
    memberId: number;
    bonusId: number;
    gameCode: string;
    stake: number;
    payout: number;
    recordRound: (tx: Tx) => Promise<string>;
  },
): Promise<FreeSpinResult> {
  const { memberId, bonusId, payout } = input;
  return db.transaction(async (tx) => {
    await assertMayPlay(tx, memberId);
    // The locks a bet of the member takes, in its order: cash and house shards (game revenue, and the
    // promotions expense the stake comes from) by ascending id, as a cashback takes them, then the bonus row.
    await lockMemberCashAndHouse(tx, memberId, ['game_revenue', 'promo_expense']);
    const [bonus] = await tx
      .select()
      .from(promoBonuses)
      .where(
        and(
          eq(promoBonuses.id, bonusId),
          eq(promoBonuses.memberId, memberId),
          eq(promoBonuses.status, 'active'),
          gt(promoBonuses.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!bonus) return { outcome: 'none' as const };
    const [spin] = await tx
      .update(promoFreeSpins)
      .set({ played: sql`${promoFreeSpins.played} + 1`, won: sql`${promoFreeSpins.won} + ${payout}` })
      .where(
        and(
          eq(promoFreeSpins.bonusId, bonusId),
          eq(promoFreeSpins.gameCode, input.gameCode),
          eq(promoFreeSpins.stake, input.stake),
          lt(promoFreeSpins.played, promoFreeSpins.granted),
        ),
      )
      .returning({
        left: sql<number>`${promoFreeSpins.granted} - ${promoFreeSpins.played}`,
        multiple: promoFreeSpins.wageringMultiple,
      });
    if (!spin) return { outcome: 'none' as const };
    const roundId = await input.recordRound(tx);
    const reference = { bonusId, campaignId: bonus.campaignId, provider: 'house', roundId };
    const stake = await transfer(tx, {
      idempotencyKey: `free-spin-stake:${roundId}`,
      from: { house: 'promo_expense' },
      to: { house: 'game_revenue' },
      onBehalfOf: memberId,
      amount: input.stake,
      kind: 'free_spin_bet',
      reference,
    });
    // A round settles once: a second settlement of it must not take another spin.
    if (!stake.applied) throw errors.conflict(`free spin round ${roundId} was already settled`);
    let { amount, wageringRequired: required } = bonus;
    if (payout > 0) {
      await transfer(tx, {
        idempotencyKey: `free-spin-win:${roundId}`,
        from: { house: 'game_revenue' },
        to: { memberId, kind: 'bonus' },
        amount: payout,
        kind: 'free_spin_win',
        reference,
      });
      // The multiple the spins were granted under, whatever the campaign has become since.
      amount += payout;
      required += wageringRequired(
        { wageringMultiple: Number(spin.multiple), wageringBase: 'bonus' },
        payout,
        0,
      );
      await tx
        .update(promoBonuses)
        .set({ amount, wageringRequired: required })
        .where(eq(promoBonuses.id, bonusId));
    }
    if (Number(spin.left) === 0 && amount === 0) await closeEmptyBonus(tx, memberId, bonusId);
    return {
      outcome: 'played' as const,
      roundId,
      left: Number(spin.left),
      bonus: (await memberBalances(tx, memberId)).bonus,
      wageringRequired: required,
      wageringDone: bonus.wageringDone,
    };
  });
}

/** The refusal while free spins are still to play: a bonus converts once they are played. */
export const spinsFirst = () =>
  errors.notNow('the free spins must be played before the bonus converts', MSG.promoUnavailable);

/**
 * A free spins bonus whose spins all won nothing, closed at its last spin: converted at 0 (it holds
 * nothing and requires no wagering, so nothing moves), audited as a conversion by the system.
 */
async function closeEmptyBonus(tx: Tx, memberId: number, bonusId: number) {
  await tx
    .update(promoBonuses)
    .set({ status: 'converted', converted: 0, returned: 0, closedAt: new Date() })
    .where(eq(promoBonuses.id, bonusId));
  await auditBonus(tx, memberId, 'convert', 'system:free-spins', { bonusId, converted: 0, returned: 0 });
}
