import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { acceptedFor, type CashoutRefusal } from '../../../shared/sports/cashout.ts';
import { betRounding, potentialReturn } from '../../../shared/sports/settlement.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { runAgainOnRace } from '../../db/run-again.ts';
import {
  CASHOUT_BET_COLUMNS,
  type CashoutBet,
  cashoutDelaySeconds,
  cashoutLegs,
  movedSince,
  priceCashout,
} from './cashout-pricing.ts';
import { sportsClock } from './clock.ts';
import { lockSelectionsOf, shiftLiability } from './liability.ts';
import { bookSettings } from './settings.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { unwagerSports } from './wagering.ts';
import { recordSteps, stepTxId } from './wallet-step.ts';
import { flushWallet } from './wallet-sync.ts';

/**
 * Cash-out (docs/sportsbook.md, "Cash-out"): one more way a bet ends, never a second payment.
 *
 * An offer is priced from current prices (cashout-pricing.ts) and stored with a short expiry under a
 * random id. Accepting it decides under the bet's row lock, then its selections' (the order
 * reevaluateBets takes them in, so a result settling the bet at the same time waits or is waited for,
 * never deadlocks): the bet must still be open, the offer unused, unexpired and for the stake the bet
 * has; the value is priced again now (a market suspended or past its bet stop refuses) and must be at
 * least what the member accepted. Then one settlement step is written with the bet's new state:
 * - the whole stake: a `win` of the value closing the round, the bet `cashed_out` (final against
 *   results and corrections: reevaluateBets leaves it alone; only a void of one of its legs takes the
 *   cash-out back, cashout-takeback.ts);
 * - part of it: a `win` leaving the round open (wallet op `cashout`), the bet stays open on the rest of
 *   its stake, its potential return and liability reduced in proportion.
 * The step goes to the wallet under its own transaction id, like every settlement step.
 *
 * A bet with an undecided leg in play waits the book's bet delay first, as a live bet does: the first
 * accept answers `delayed` with the time to come back, and the accept then is refused if a leg's score
 * changed or its market was suspended meanwhile (someone watching the match ahead of the feed gains
 * nothing), else priced and decided as above.
 */
export type CashoutAnswer =
  | { status: 'success'; betId: number; bet: 'cashed_out' | 'open'; paid: number; stake: number }
  | { status: 'delayed'; betId: number; acceptAt: string }
  | { status: 'refused'; refusal: CashoutRefusal; message: string };

export type OfferAnswer =
  | { status: 'success'; offerId: string; betId: number; amount: number; stake: number; expiresAt: string }
  | { status: 'refused'; refusal: CashoutRefusal; message: string };

/** How long after its delay a delayed cash-out may still be confirmed. */
const CONFIRM_WITHIN_MS = 60_000;

const refused = (refusal: CashoutRefusal, message: string) => ({
  status: 'refused' as const,
  refusal,
  message,
});

async function betOf(db: Db | Tx, playerId: string, betId: number, lock: boolean) {
  const [bet] = await queryRows<CashoutBet>(
    db,
    sql`select ${CASHOUT_BET_COLUMNS} from sb_bets where id = ${betId} and player_id = ${playerId}
        ${lock ? sql`for update` : sql``}`,
  );
  return bet;
}

/** A cash-out offer for the whole of one of the player's bets, priced now and stored for a few seconds. */
export async function cashoutOffer(db: Db, playerId: string, betId: number): Promise<OfferAnswer> {
  const bet = await betOf(db, playerId, betId, false);
  if (!bet) return refused('not_available', 'no such bet');
  const settings = await bookSettings(db);
  const now = sportsClock.now();
  const priced = priceCashout(bet, await cashoutLegs(db, betId), { marginBp: settings.cashoutMarginBp, now });
  if (!priced.ok) return refused(priced.refusal, priced.message);
  const offerId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + settings.cashoutOfferSeconds * 1000);
  await db.execute(
    sql`insert into sb_cashout_offers (id, bet_id, player_id, stake, amount, proof, expires_at)
        values (${offerId}, ${betId}, ${playerId}, ${bet.unit_stake}, ${priced.value.full.toString()}::int8,
          ${JSON.stringify(priced.value.proof)}::jsonb, ${expiresAt})`,
  );
  return {
    status: 'success',
    offerId,
    betId,
    amount: Number(priced.value.full),
    stake: Number(bet.unit_stake),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Takes an offer: all of the bet's stake, or `part` of it. `minAmount` is the least the member takes
 * for that part; by default the offer's own share of it.
 */
export async function acceptCashout(
  db: Db,
  wallet: SportsWallet,
  playerId: string,
  req: { betId: number; offerId: string; part?: number; minAmount?: number },
): Promise<CashoutAnswer> {
  const answer = await runAgainOnRace(() =>
    db.transaction(async (tx): Promise<CashoutAnswer> => {
      const bet = await betOf(tx, playerId, req.betId, true);
      if (!bet) return refused('not_available', 'no such bet');
      if (bet.status !== 'open') return refused('not_available', `the bet is ${bet.status}`);
      const [offer] = await queryRows<{
        stake: number;
        amount: number;
        expires_at: Date;
        used_at: Date | null;
        requested_at: Date | null;
      }>(
        tx,
        sql`select stake, amount, expires_at, used_at, requested_at from sb_cashout_offers
            where id = ${req.offerId} and bet_id = ${req.betId} for update`,
      );
      const now = sportsClock.now();
      // A delayed cash-out was asked for while its offer stood: its confirmation may come after the expiry.
      const requestedAt = offer?.requested_at ? new Date(offer.requested_at) : null;
      if (!offer || offer.used_at || (!requestedAt && new Date(offer.expires_at) <= now))
        return refused('offer_expired', 'the offer is unknown, used or expired');
      if (Number(offer.stake) !== Number(bet.unit_stake))
        return refused('offer_expired', 'the offer was made for another stake');
      const { betDelaySeconds } = await bookSettings(tx);
      const delay = cashoutDelaySeconds(await cashoutLegs(tx, req.betId), betDelaySeconds);
      if (delay > 0 && !requestedAt) {
        await tx.execute(sql`update sb_cashout_offers set requested_at = ${now} where id = ${req.offerId}`);
        return {
          status: 'delayed',
          betId: req.betId,
          acceptAt: new Date(now.getTime() + delay * 1000).toISOString(),
        };
      }
      if (requestedAt) {
        const acceptAt = new Date(requestedAt.getTime() + delay * 1000);
        if (now < acceptAt) return { status: 'delayed', betId: req.betId, acceptAt: acceptAt.toISOString() };
        if (now.getTime() > acceptAt.getTime() + CONFIRM_WITHIN_MS)
          return refused('offer_expired', 'the delayed cash-out was not confirmed in time');
      }
      const stake = BigInt(bet.unit_stake);
      const part = BigInt(req.part ?? bet.unit_stake);
      const min =
        req.minAmount !== undefined ? BigInt(req.minAmount) : acceptedFor(BigInt(offer.amount), part, stake);
      const taken = await cashOutIn(tx, bet, Number(part), Number(min), null, requestedAt);
      if (taken.status === 'success')
        await tx.execute(sql`update sb_cashout_offers set used_at = now() where id = ${req.offerId}`);
      return taken;
    }),
  );
  if (answer.status === 'success') await flushWallet(db, wallet, [req.betId]);
  return answer;
}

/**
 * Cashes out `part` of a bet locked by the caller, at its value now if that is at least `min`: writes
 * the settlement step and the bet's new state (see the module comment).
 */
async function cashOutIn(
  tx: Tx,
  bet: CashoutBet,
  part: number,
  min: number,
  /** 'auto' for the member's automatic cash-out (the step's reason; the window names it). */
  reason: 'auto' | null,
  /** A delayed cash-out: when it was asked for (a leg that moved since refuses it). */
  since: Date | null = null,
): Promise<CashoutAnswer> {
  const stake = Number(bet.unit_stake);
  if (!Number.isSafeInteger(part) || part < 1 || part > stake)
    return refused('invalid_part', `the part must be between 1 and ${stake}`);
  await lockSelectionsOf(tx, [Number(bet.id)]);
  const settings = await bookSettings(tx);
  const legs = await cashoutLegs(tx, Number(bet.id));
  if (since && movedSince(legs, since))
    return refused('market_suspended', 'a score changed or a market was suspended during the delay');
  const priced = priceCashout(bet, legs, {
    marginBp: settings.cashoutMarginBp,
    now: sportsClock.now(),
    part,
  });
  if (!priced.ok) return refused(priced.refusal, priced.message);
  const paid = Number(priced.value.paid);
  if (paid < min) return refused('price_changed', `the cash-out is now ${paid}, below the ${min} accepted`);
  if (part < stake && paid <= 0)
    return refused('invalid_part', 'this part of the stake is worth nothing yet');
  const id = Number(bet.id);
  const seq = bet.settlement_seq + 1;
  const whole = part === stake;
  await recordSteps(tx, [
    {
      bet_id: id,
      seq,
      kind: whole ? 'cashout' : 'cashout_partial',
      amount: paid,
      proof: priced.value.proof,
      reason,
      operator_id: null,
      wallet_tx_id: stepTxId(id, seq),
      wallet_op: whole ? 'win' : 'cashout',
      ref_tx_id: null,
    },
  ]);
  // The part sold back risked nothing from now on: what it counted towards a bonus's wagering goes.
  await unwagerSports(tx, [id], [part]);
  // The liability the bet held leaves its selections; a partial cash-out's rest comes back reduced.
  await shiftLiability(tx, id, -1);
  if (whole) {
    await tx.execute(
      sql`update sb_bets set status = 'cashed_out', settled_return = ${paid}, settled_at = now(),
            settlement_seq = ${seq}, auto_cashout_at = null where id = ${id}`,
    );
    return { status: 'success', betId: id, bet: 'cashed_out', paid, stake: 0 };
  }
  const rest = stake - part;
  const rounding = betRounding(
    settings.rounding,
    legs.map((l) => l.rounding),
  );
  const potential = potentialReturn({
    unitStake: BigInt(rest),
    sizes: bet.sizes,
    prices: priced.prices,
    rounding,
  });
  await tx.execute(
    sql`update sb_bets set unit_stake = ${rest}, total_stake = ${rest * bet.lines},
          potential_return = ${potential.toString()}::int8, cashout_stake = cashout_stake + ${part},
          cashout_paid = cashout_paid + ${paid}, settlement_seq = ${seq} where id = ${id}`,
  );
  await shiftLiability(tx, id, 1);
  return { status: 'success', betId: id, bet: 'open', paid, stake: rest };
}

/** The member's automatic cash-out: the whole bet once its value reaches `at` (null: none). */
export async function setAutoCashout(
  db: Db,
  playerId: string,
  betId: number,
  at: number | null,
): Promise<{ status: 'success'; betId: number; autoCashoutAt: number | null } | ReturnType<typeof refused>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_bets set auto_cashout_at = ${at} where id = ${betId} and player_id = ${playerId}
          and status = 'open' and kind <> 'system' returning id`,
  );
  if (rows.length === 0) return refused('not_available', 'no open single or multiple with this id');
  return { status: 'success', betId, autoCashoutAt: at };
}

/**
 * The housekeeping's pass over automatic cash-outs: each open bet with one whose value now reaches its
 * amount is cashed out whole, under the same locks and checks as a member's accept, a bet in play only
 * on prices nothing has moved for a bet delay. Answers the bets cashed out.
 */
export async function runAutoCashouts(db: Db, wallet: SportsWallet, limit = 500): Promise<number[]> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_bets where auto_cashout_at is not null and status = 'open' order by id limit ${limit}`,
  );
  const done: number[] = [];
  for (const { id } of due) {
    const answer = await runAgainOnRace(() =>
      db.transaction(async (tx): Promise<CashoutAnswer | undefined> => {
        const [bet] = await queryRows<CashoutBet>(
          tx,
          sql`select ${CASHOUT_BET_COLUMNS} from sb_bets where id = ${id} for update`,
        );
        if (bet?.status !== 'open' || bet.auto_cashout_at === null) return undefined;
        // In play, the prices of a bet delay ago must still stand, as for a member's delayed cash-out:
        // a goal or a suspension since then means the prices may not have caught up yet.
        const { betDelaySeconds } = await bookSettings(tx);
        const delay = cashoutDelaySeconds(await cashoutLegs(tx, id), betDelaySeconds);
        const since = delay > 0 ? new Date(sportsClock.now().getTime() - delay * 1000) : null;
        return cashOutIn(tx, bet, Number(bet.unit_stake), Number(bet.auto_cashout_at), 'auto', since);
      }),
    );
    if (answer?.status === 'success') done.push(Number(id));
  }
  if (done.length) await flushWallet(db, wallet, done);
  return done;
}
