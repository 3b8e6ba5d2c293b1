import { sql } from 'drizzle-orm';
import { cmp, type Fraction, frac } from '../../../shared/sports/fraction.ts';
import type { PriceChangeChoice, Refusal } from '../../../shared/sports/refusals.ts';
import { betRounding, potentialReturn } from '../../../shared/sports/settlement.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { shiftLiability } from './liability.ts';
import { effectiveLimits, heldOnSelections, limitRowsFor, selectionCaps, stakeRefusal } from './limits.ts';
import { legRefusal, lockLegs } from './placement.service.ts';
import { bookSettings } from './settings.ts';

export interface DelayVerdict {
  refusal?: Refusal;
  message: string;
}

/** A leg's own price change against the member's choice: refused, or the price the bet is taken at. */
export function priceVerdict(
  choice: PriceChangeChoice,
  accepted: Fraction,
  current: Fraction,
): 'same' | 'take' | 'refuse' {
  const c = cmp(current, accepted);
  if (c === 0) return 'same';
  if (choice === 'any' || (choice === 'better' && c > 0)) return 'take';
  return 'refuse';
}

/**
 * Decides a delayed live bet under its row lock and its markets' (see confirmBet): refused, with the
 * reason, or moved to 'pending' (at the current prices where the member takes them). A bet no longer
 * delayed is left as it is (another confirmation or the expiry decided it).
 */
export async function judgeDelayedBet(tx: Tx, betId: number, now: Date): Promise<DelayVerdict> {
  const legs = await queryRows<{
    idx: number;
    selection_id: number;
    price_num: number;
    price_den: number;
    currency: string;
  }>(
    tx,
    sql`select l.idx, l.selection_id, l.price_num, l.price_den, b.currency
        from sb_bet_legs l join sb_bets b on b.id = l.bet_id where l.bet_id = ${betId} order by l.idx`,
  );
  const { rows } = await lockLegs(
    tx,
    legs.map((l) => Number(l.selection_id)),
    legs[0]?.currency ?? '',
  );
  const [bet] = await queryRows<
    DelayedBet & { status: string; placed_at: Date; price_change: PriceChangeChoice }
  >(
    tx,
    sql`select status, placed_at, price_change, player_id, currency, unit_stake, total_stake, potential_return,
          sizes, liability_leg
        from sb_bets where id = ${betId} for update`,
  );
  if (bet!.status !== 'delayed') return { message: bet!.status };
  const placedAt = new Date(bet!.placed_at);
  const refuse = async (refusal: Refusal, message: string): Promise<DelayVerdict> => {
    await tx.execute(sql`update sb_bets set status = 'refused', refusal = ${refusal} where id = ${betId}`);
    await shiftLiability(tx, betId, -1);
    return { refusal, message };
  };
  const prices: Fraction[] = [];
  let repriced = false;
  for (const leg of legs) {
    const row = rows.find((r) => Number(r.selection_id) === Number(leg.selection_id))!;
    const why = legRefusal(row, now);
    if (why) return refuse(...why);
    if (row.suspended_at && row.suspended_at > placedAt)
      return refuse('market_suspended', `${row.market_name} was suspended during the bet delay`);
    if (row.score_changed_at && row.score_changed_at > placedAt)
      return refuse('market_suspended', `the score of ${row.event_name} changed during the bet delay`);
    const accepted = frac(BigInt(leg.price_num), BigInt(leg.price_den));
    const current = frac(BigInt(row.price_num), BigInt(row.price_den));
    const verdict = priceVerdict(bet!.price_change, accepted, current);
    if (verdict === 'refuse')
      return refuse(
        'price_changed',
        `the price of ${row.selection_name} is now ${current.num}/${current.den}`,
      );
    repriced ||= verdict === 'take';
    prices.push(verdict === 'take' ? current : accepted);
  }
  if (repriced) {
    // The legs in the slip's order (the locked read comes in the markets' order): a multiple's
    // liability_leg is an index into the slip.
    const inSlipOrder = legs.map(
      (leg) => rows.find((r) => Number(r.selection_id) === Number(leg.selection_id))!,
    );
    const potential = await potentialAt(tx, bet!, prices, inSlipOrder);
    // At the new prices the bet meets the book's limits as a new bet would, or is refused.
    const why = await limitsRefusal(tx, betId, bet!, potential, inSlipOrder);
    if (why) return refuse(...why);
    await takeAtPrices(tx, betId, prices, potential);
  }
  await tx.execute(sql`update sb_bets set status = 'pending' where id = ${betId}`);
  return { message: 'accepted' };
}

interface DelayedBet {
  player_id: string;
  currency: string;
  unit_stake: number;
  total_stake: number;
  potential_return: number;
  sizes: number[];
  liability_leg: number | null;
}
type LockedLegs = Awaited<ReturnType<typeof lockLegs>>['rows'];

/** The bet's most it can return at these prices, rounded as it would settle. */
async function potentialAt(tx: Tx, bet: DelayedBet, prices: Fraction[], rows: LockedLegs): Promise<number> {
  const rounding = betRounding(
    (await bookSettings(tx)).rounding,
    rows.map((r) => r.rounding),
  );
  return Number(potentialReturn({ unitStake: BigInt(bet.unit_stake), sizes: bet.sizes, prices, rounding }));
}

/**
 * The placement's rule (limits.ts stakeRefusal) at the prices the bet is now taken at: its maximum
 * payout, and each selection holding its liability within its market's limit, less what the bet
 * already holds there at its first prices. The minimum stake was met when it was placed.
 */
async function limitsRefusal(
  tx: Tx,
  betId: number,
  bet: DelayedBet,
  potential: number,
  /** The bet's legs in the slip's order. */
  rows: LockedLegs,
): Promise<[Refusal, string] | undefined> {
  const byLeg = rows.map((r) => ({
    row: r,
    scope: {
      marketId: Number(r.market_id),
      eventId: Number(r.event_id),
      competitionId: Number(r.competition_id),
      sportId: Number(r.sport_id),
    },
  }));
  const limitRows = await limitRowsFor(
    tx,
    bet.player_id,
    bet.currency,
    rows.map((r) => Number(r.selection_id)),
  );
  const limits = effectiveLimits(
    limitRows,
    byLeg.map((l) => l.scope),
  );
  const caps = selectionCaps(
    limitRows,
    byLeg.map((l) => l.scope),
  );
  const held = Number(bet.potential_return) - Number(bet.total_stake);
  const holders = bet.liability_leg === null ? byLeg : [byLeg[Number(bet.liability_leg)]!];
  const why = stakeRefusal(
    limits,
    {
      totalStake: Number(bet.total_stake),
      potential,
      legs: holders.map((l) => ({ marketId: l.scope.marketId, liability: Number(l.row.liability) - held })),
      // The member's other running bets on these selections (this one is judged at its new price).
      held: (
        await heldOnSelections(
          tx,
          bet.player_id,
          rows.map((r) => Number(r.selection_id)),
          betId,
        )
      ).map((h, i) => ({ ...h, ...caps[i]! })),
    },
    false,
  );
  if (why?.[0] === 'liability_reached') {
    const leg = byLeg.find((l) => String(l.scope.marketId) === why[1])!;
    return ['liability_reached', `${leg.row.market_name} takes no more on ${leg.row.selection_name}`];
  }
  return why;
}

/** The bet is taken at the current prices: its legs, its potential return and the liability it holds follow. */
async function takeAtPrices(tx: Tx, betId: number, prices: Fraction[], potential: number) {
  await shiftLiability(tx, betId, -1);
  const legPrices = JSON.stringify(
    prices.map((p, idx) => ({ idx, num: p.num.toString(), den: p.den.toString() })),
  );
  await tx.execute(
    sql`update sb_bet_legs l set price_num = x.num, price_den = x.den
        from jsonb_to_recordset(${legPrices}::jsonb) as x(idx int, num int8, den int8)
        where l.bet_id = ${betId} and l.idx = x.idx`,
  );
  await tx.execute(
    sql`update sb_bets set potential_return = ${potential.toString()}::int8 where id = ${betId}`,
  );
  await shiftLiability(tx, betId, 1);
}
