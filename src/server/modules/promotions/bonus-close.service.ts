import { and, eq, lte, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { lockMemberCash, memberBalances, transfer } from '../ledger/ledger.service.ts';
import { auditBonus } from './bonus-audit.ts';
import { hasSpinsLeft, spinsFirst } from './free-spins.service.ts';
import type { Bonus } from './grants.service.ts';
import { promoBonuses } from './promotions.schema.ts';

/**
 * The member's active bonus, locked for this transaction, after their cash row: the order every bet
 * takes (wallet_bet moves the cash, then promo_wager updates the bonus), so a bet, a conversion, a
 * forfeiture and an expiry queue behind each other and never deadlock.
 */
async function lockActiveBonus(tx: Tx, memberId: number): Promise<Bonus | undefined> {
  await lockMemberCash(tx, memberId);
  const [bonus] = await tx
    .select()
    .from(promoBonuses)
    .where(and(eq(promoBonuses.memberId, memberId), eq(promoBonuses.status, 'active')))
    .for('update');
  return bonus;
}

const notWagered = () => errors.notNow('the bonus has not been wagered in full yet', MSG.promoUnavailable);
const noBonus = () => errors.notInList('there is no active bonus', MSG.promoUnavailable);

/**
 * What the bonus's play that can still be taken back counted towards its wagering (promo_open_wagering):
 * sports bets not yet settled and casino stakes of rounds still open without a win.
 */
async function openWagering(tx: Tx, bonus: Bonus): Promise<number> {
  const [row] = await queryRows<{ units: number }>(tx, sql`select promo_open_wagering(${bonus.id}) as units`);
  return Math.ceil(Number(row?.units ?? 0) / 10_000);
}

/**
 * Converts a wagered bonus: its bonus balance, up to the conversion cap, to cash (`bonus-convert:<id>`),
 * any rest back to the promotions expense (`bonus-cap-return:<id>`). Once: the bonus is closed in the
 * same transaction, and both transfers are keyed by it.
 */
export async function convertBonus(tx: Tx, memberId: number, by: string): Promise<Bonus> {
  const bonus = await lockActiveBonus(tx, memberId);
  if (!bonus) throw noBonus();
  // Sports bets still open and casino rounds still open count once they settle: one voided, cashed out
  // or rolled back later would take its count back from a bonus already paid out as cash.
  if (bonus.wageringDone - (await openWagering(tx, bonus)) < bonus.wageringRequired) throw notWagered();
  if (await hasSpinsLeft(tx, bonus.id)) throw spinsFirst();
  const balance = (await memberBalances(tx, memberId)).bonus;
  const toCash = bonus.conversionCap === null ? balance : Math.min(balance, bonus.conversionCap);
  const rest = balance - toCash;
  const reference = { bonusId: bonus.id, campaignId: bonus.campaignId };
  if (toCash > 0) {
    await transfer(tx, {
      idempotencyKey: `bonus-convert:${bonus.id}`,
      from: { memberId, kind: 'bonus' },
      to: { memberId, kind: 'cash' },
      amount: toCash,
      kind: 'bonus_convert',
      reference,
    });
  }
  if (rest > 0) {
    await transfer(tx, {
      idempotencyKey: `bonus-cap-return:${bonus.id}`,
      from: { memberId, kind: 'bonus' },
      to: { house: 'promo_expense' },
      amount: rest,
      kind: 'bonus_cap_return',
      reference,
    });
  }
  const [closed] = await tx
    .update(promoBonuses)
    .set({ status: 'converted', converted: toCash, returned: rest, closedAt: new Date() })
    .where(eq(promoBonuses.id, bonus.id))
    .returning();
  await auditBonus(tx, memberId, 'convert', by, { bonusId: bonus.id, converted: toCash, returned: rest });
  return closed!;
}

/**
 * Ends an active bonus without paying it: its whole bonus balance back to the promotions expense
 * (`bonus-forfeit:<id>` or `bonus-expire:<id>`). Forfeiture is the member's choice (at a withdrawal
 * request); expiry is housekeeping's, and only for a bonus past its end. Undefined when there is none.
 */
export async function closeBonus(
  tx: Tx,
  memberId: number,
  outcome: 'forfeited' | 'expired',
  by: string,
): Promise<Bonus | undefined> {
  const bonus = await lockActiveBonus(tx, memberId);
  if (!bonus) return undefined;
  if (outcome === 'expired' && bonus.expiresAt > new Date()) return undefined;
  const balance = (await memberBalances(tx, memberId)).bonus;
  const kind = outcome === 'forfeited' ? 'bonus_forfeit' : 'bonus_expire';
  if (balance > 0) {
    await transfer(tx, {
      idempotencyKey: `${kind.replace('_', '-')}:${bonus.id}`,
      from: { memberId, kind: 'bonus' },
      to: { house: 'promo_expense' },
      amount: balance,
      kind,
      reference: { bonusId: bonus.id, campaignId: bonus.campaignId },
    });
  }
  const [closed] = await tx
    .update(promoBonuses)
    .set({ status: outcome, returned: balance, closedAt: new Date() })
    .where(eq(promoBonuses.id, bonus.id))
    .returning();
  await auditBonus(tx, memberId, outcome === 'forfeited' ? 'forfeit' : 'expire', by, {
    bonusId: bonus.id,
    returned: balance,
  });
  return closed;
}

/**
 * A deposit its payment provider reversed (a chargeback, cashier/payments/deposit-reversal.ts): the bonus
 * that deposit granted, if still active, is forfeited like a member's forfeiture (its whole bonus balance
 * back to the promotions expense, `bonus-forfeit:<id>`): a bonus stands on money the house kept. The
 * promotions had no rule of their own for a deposit taken back; a bonus already converted or ended is
 * left as it is. Undefined when the member's active bonus is not that deposit's.
 */
export async function forfeitBonusOfDeposit(
  tx: Tx,
  memberId: number,
  depositRequestId: number,
  by: string,
): Promise<Bonus | undefined> {
  const bonus = await lockActiveBonus(tx, memberId);
  if (bonus?.depositRequestId !== depositRequestId) return undefined;
  return closeBonus(tx, memberId, 'forfeited', by);
}

/**
 * A withdrawal request while a bonus is active (inside its transaction, before the cash moves): refused
 * (409, msg3607) unless the member accepts to forfeit it, and then forfeited. Only cash is withdrawable.
 */
export async function settleBonusBeforeWithdrawal(tx: Tx, memberId: number, forfeit: boolean) {
  const [active] = await tx
    .select({ id: promoBonuses.id })
    .from(promoBonuses)
    .where(and(eq(promoBonuses.memberId, memberId), eq(promoBonuses.status, 'active')));
  if (!active) return;
  if (!forfeit) {
    throw errors.conflict(
      'a bonus is active: withdrawing forfeits it',
      { bonusId: active.id },
      MSG.promoForfeitFirst,
    );
  }
  await closeBonus(tx, memberId, 'forfeited', `member:${memberId}`);
}

/**
 * A move of cash into the vault while a cash-first bonus runs (inside the move's transaction, after the
 * move locked the cash row, so a deposit granting a bonus in its own transaction is seen): refused
 * (409, msg3610). Such a bonus stakes the member's cash before the bonus, and taking that cash out of
 * play by a withdrawal forfeits it; set aside in the vault instead, it would leave the member wagering
 * the bonus alone and keeping their deposit whatever happens. A bonus-first bonus, one past its end
 * (promo_stake_split takes nothing from it) or one holding nothing stakes the same with or without the
 * vault. The bonus balance is read under the cash row's lock, which every bonus move takes first.
 */
export async function refuseVaultWhileCashFirstBonus(tx: Tx, memberId: number): Promise<void> {
  const [active] = await tx
    .select({ id: promoBonuses.id })
    .from(promoBonuses)
    .where(
      and(
        eq(promoBonuses.memberId, memberId),
        eq(promoBonuses.status, 'active'),
        eq(promoBonuses.stakeOrder, 'cash_first'),
        sql`${promoBonuses.expiresAt} > now()`,
      ),
    );
  // A bonus with no money left (all of it staked and lost, free spins not yet won) stakes nothing of its
  // own: setting cash aside then dodges nothing, and refusing would keep the vault shut until it ends.
  if (active && (await memberBalances(tx, memberId)).bonus > 0) {
    throw errors.conflict(
      'a cash-first bonus is active: its cash is staked before the bonus and cannot go into the vault',
      { bonusId: active.id },
      MSG.promoVaultCashFirst,
    );
  }
}

/** Housekeeping: expires every active bonus past its end, each in its own transaction. How many it expired. */
export async function expireBonuses(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ memberId: promoBonuses.memberId })
    .from(promoBonuses)
    .where(and(eq(promoBonuses.status, 'active'), lte(promoBonuses.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { memberId } of due) {
    if (await db.transaction((tx) => closeBonus(tx, memberId, 'expired', 'system:expiry'))) expired += 1;
  }
  return expired;
}
