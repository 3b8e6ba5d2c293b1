import { sql } from 'drizzle-orm';
import { frac } from '../../../shared/sports/fraction.ts';
import { isMarketType, type MarketResult, selectionOutcome } from '../../../shared/sports/markets.ts';
import { betRounding, type PayoutProof, settleWithProof } from '../../../shared/sports/settlement.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { roundOf, stakeTxOf } from './bets.service.ts';
import { shiftLiability } from './liability.ts';
import { bookSettings } from './settings.ts';
import { textArray } from './sql-array.ts';

/**
 * Settling bets by SPORTSBOOK.md §2 and correcting them (§3). Each step is a new sb_settlements row
 * (never edited) written with the bet's new state in one transaction, then carried to the wallet
 * by its own idempotent call (wallet-sync.ts); a step the wallet has not answered is sent again.
 */
export type Step = 'settle' | 'unsettle' | 'resettle' | 'void' | 'cancel';
export interface Actor {
  operatorId?: number | null;
  reason?: string | null;
}

export interface BetRow {
  id: number;
  status: string;
  unit_stake: number;
  total_stake: number;
  potential_return: number;
  sizes: number[];
  settlement_seq: number;
}

export interface LegResultRow {
  bet_id: number;
  selection_id: number;
  key: string;
  label: string;
  price_num: number;
  price_den: number;
  type: string;
  params: { line?: string };
  rounding: 'down' | 'nearest';
  result: MarketResult | null;
  result_state: string;
  result_source: string | null;
  result_at: Date | null;
}

async function lockBet(tx: Tx, betId: number): Promise<BetRow | undefined> {
  const [bet] = await queryRows<BetRow>(
    tx,
    sql`select id, status, unit_stake, total_stake, potential_return, sizes, settlement_seq from sb_bets where id = ${betId} for update`,
  );
  return bet;
}

export const LEG_RESULTS_COLUMNS = sql`l.bet_id, l.selection_id, s.key, l.label, l.price_num, l.price_den, m.type, m.params,
  m.rounding, m.result, m.result_state, m.result_source, m.result_at`;
export const LEG_RESULTS_FROM = sql`sb_bet_legs l join sb_selections s on s.id = l.selection_id join sb_markets m on m.id = l.market_id`;

/** The return and proof of a bet from its legs' confirmed results, or undefined while one is missing. */
export function returnFromLegs(
  bet: Pick<BetRow, 'unit_stake' | 'sizes'>,
  legs: LegResultRow[],
  siteRounding: 'down' | 'nearest',
): { amount: number; proof: PayoutProof; allVoid: boolean } | undefined {
  if (legs.some((l) => l.result_state !== 'confirmed' || !l.result || !isMarketType(l.type)))
    return undefined;
  const inputs = [];
  for (const l of legs) {
    // The line frozen on the leg is the market's own: markets never change their line.
    const outcome = selectionOutcome(l.type as never, l.params, l.key, l.result!);
    if (!outcome) return undefined;
    inputs.push({
      selectionId: String(l.selection_id),
      label: l.label,
      price: frac(BigInt(l.price_num), BigInt(l.price_den)),
      outcome,
      resultSource: l.result_source ?? 'manual',
      resultAt: new Date(l.result_at ?? 0).toISOString(),
    });
  }
  const rounding = betRounding(
    siteRounding,
    legs.map((l) => l.rounding),
  );
  const { amount, proof } = settleWithProof({
    unitStake: BigInt(bet.unit_stake),
    sizes: bet.sizes,
    legs: inputs,
    rounding,
  });
  return { amount: Number(amount), proof, allVoid: inputs.every((i) => i.outcome.v.num === i.outcome.v.den) };
}

/** The return and proof of a bet from its markets' confirmed results, or undefined while one is missing. */
export async function computeReturn(
  tx: Tx,
  bet: BetRow,
): Promise<{ amount: number; proof: PayoutProof; allVoid: boolean } | undefined> {
  const legs = await queryRows<LegResultRow>(
    tx,
    sql`select ${LEG_RESULTS_COLUMNS} from ${LEG_RESULTS_FROM} where l.bet_id = ${bet.id} order by l.idx`,
  );
  return returnFromLegs(bet, legs, (await bookSettings(tx)).rounding);
}

async function record(
  tx: Tx,
  bet: BetRow,
  step: { kind: Step; amount: number; proof?: PayoutProof | null; walletOp: string; refTxId?: string | null },
  actor: Actor,
): Promise<void> {
  const seq = bet.settlement_seq + 1;
  await tx.execute(
    sql`insert into sb_settlements (bet_id, seq, kind, amount, proof, reason, operator_id, wallet_tx_id, wallet_op, ref_tx_id)
        values (${bet.id}, ${seq}, ${step.kind}, ${step.amount}, ${step.proof ? JSON.stringify(step.proof) : null}::jsonb,
          ${actor.reason ?? null}, ${actor.operatorId ?? null}, ${`${roundOf(bet.id)}-${seq}`}, ${step.walletOp}, ${step.refTxId ?? null})`,
  );
  await tx.execute(sql`update sb_bets set settlement_seq = ${seq} where id = ${bet.id}`);
}

/** Whether a settlement step's wallet call paid the bet out (a win or a resettle): a payment in force. */
export const paysOut = (walletOp: string | undefined) => walletOp === 'win' || walletOp === 'resettle';

/** The wallet transaction of the settlement in force (a win or a resettle), which a correction reverses. */
async function paymentInForce(tx: Tx, betId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ wallet_tx_id: string; wallet_op: string }>(
    tx,
    sql`select wallet_tx_id, wallet_op from sb_settlements where bet_id = ${betId} order by seq desc limit 1`,
  );
  return row && paysOut(row.wallet_op) ? row.wallet_tx_id : undefined;
}

/** Settles one open bet whose markets all have confirmed results. False if it is not ready or not open. */
export async function settleBet(db: Db, betId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const bet = await lockBet(tx, betId);
    if (bet?.status !== 'open') return false;
    const result = await computeReturn(tx, bet);
    if (!result) return false;
    if (result.allVoid) {
      // Every leg void: the stake goes back as a refund of the bet.
      await record(
        tx,
        bet,
        {
          kind: 'void',
          amount: bet.total_stake,
          proof: result.proof,
          walletOp: 'rollback',
          refTxId: stakeTxOf(betId),
        },
        {},
      );
      await tx.execute(
        sql`update sb_bets set status = 'void', settled_return = ${bet.total_stake}, settled_at = now() where id = ${betId}`,
      );
    } else {
      await record(
        tx,
        bet,
        { kind: 'settle', amount: result.amount, proof: result.proof, walletOp: 'win' },
        {},
      );
      await tx.execute(
        sql`update sb_bets set status = 'settled', settled_return = ${result.amount}, settled_at = now() where id = ${betId}`,
      );
    }
    await shiftLiability(tx, betId, -1);
    return true;
  });
}

/** Takes a settlement back: the bet is open again, waiting for a result. */
export async function unsettleBet(db: Db, betId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const bet = await lockBet(tx, betId);
    const ref = bet && (await paymentInForce(tx, betId));
    if (!bet || !ref) return false;
    await record(tx, bet, { kind: 'unsettle', amount: 0, walletOp: 'unsettle', refTxId: ref }, actor);
    await tx.execute(
      sql`update sb_bets set status = 'open', settled_return = null, settled_at = null where id = ${betId}`,
    );
    await shiftLiability(tx, betId, 1);
    return true;
  });
}

/** Settles a settled bet again from its markets' current results (a corrected result). */
export async function resettleBet(db: Db, betId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const bet = await lockBet(tx, betId);
    const ref = bet && (await paymentInForce(tx, betId));
    if (!bet || !ref) return false;
    const result = await computeReturn(tx, bet);
    if (!result) return false;
    await record(
      tx,
      bet,
      { kind: 'resettle', amount: result.amount, proof: result.proof, walletOp: 'resettle', refTxId: ref },
      actor,
    );
    await tx.execute(
      sql`update sb_bets set status = ${result.allVoid ? 'void' : 'settled'}, settled_return = ${result.amount}, settled_at = now() where id = ${betId}`,
    );
    return true;
  });
}

/**
 * Voids a bet whatever its state, with a reason (a cancel window, a palpable error): an open bet's
 * stake is refunded (rollback); a settled bet is resettled to its stake.
 */
export async function cancelBet(db: Db, betId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const bet = await lockBet(tx, betId);
    // A void bet already has its stake back.
    if (!bet || bet.status === 'void') return false;
    if (bet.status === 'open') {
      await record(
        tx,
        bet,
        { kind: 'cancel', amount: bet.total_stake, walletOp: 'rollback', refTxId: stakeTxOf(betId) },
        actor,
      );
      await shiftLiability(tx, betId, -1);
    } else {
      const ref = await paymentInForce(tx, betId);
      if (!ref) return false;
      await record(
        tx,
        bet,
        { kind: 'cancel', amount: bet.total_stake, walletOp: 'resettle', refTxId: ref },
        actor,
      );
    }
    await tx.execute(
      sql`update sb_bets set status = 'void', settled_return = ${bet.total_stake}, settled_at = now() where id = ${betId}`,
    );
    return true;
  });
}

/**
 * Every bet with a leg on the market in one of the states, in id order: read once, so a market's
 * settlement does not look its remaining bets up again for every page.
 */
export async function betsOnMarket(db: Db, marketId: number, statuses: string[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select l.bet_id as id from sb_bet_legs l join sb_bets b on b.id = l.bet_id
        where l.market_id = ${marketId} and b.status = any(${textArray(statuses)}::text[])
        order by l.bet_id`,
  );
  // A bet has one leg per event, so one per market; the check keeps a page boundary from splitting one.
  const ids: number[] = [];
  for (const r of rows) if (Number(r.id) !== ids[ids.length - 1]) ids.push(Number(r.id));
  return ids;
}
