import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { roundOf, stakeTxOf } from './bets.service.ts';
import { lockSelectionsOf } from './liability.ts';
import { bookSettings } from './settings.ts';
import {
  type BetRow,
  LEG_RESULTS_COLUMNS,
  LEG_RESULTS_FROM,
  type LegResultRow,
  returnFromLegs,
} from './settlement.service.ts';
import { intArray } from './sql-array.ts';

/**
 * Settles a page of open bets (a market's result) in one transaction: the same records settleBet writes
 * bet by bet (a settlement step with its proof, the bet's new state, its liability given back), written
 * a page at a time so an event with 100,000 bets settles at the wallet's pace. Bets not open or still
 * missing a result are left alone. Answers how many settled.
 */
export async function settleOpenBets(db: Db, betIds: number[]): Promise<number> {
  if (betIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    // By primary key alone, the open ones kept here: with `status = 'open'` in the query a plan could
    // start from the status index and read every open bet for each page.
    const bets = (
      await queryRows<BetRow>(
        tx,
        sql`select id, status, unit_stake, total_stake, potential_return, sizes, settlement_seq from sb_bets
            where id = any(${intArray(betIds)}::int8[]) order by id for update`,
      )
    ).filter((b) => b.status === 'open');
    if (bets.length === 0) return 0;
    const legs = await queryRows<LegResultRow>(
      tx,
      sql`select ${LEG_RESULTS_COLUMNS} from ${LEG_RESULTS_FROM}
          where l.bet_id = any(${intArray(bets.map((b) => Number(b.id)))}::int8[]) order by l.bet_id, l.idx`,
    );
    const legsOf = new Map<number, LegResultRow[]>();
    for (const l of legs) legsOf.set(Number(l.bet_id), [...(legsOf.get(Number(l.bet_id)) ?? []), l]);
    const { rounding } = await bookSettings(tx);
    const steps = [];
    for (const bet of bets) {
      const id = Number(bet.id);
      const result = returnFromLegs(bet, legsOf.get(id) ?? [], rounding);
      if (!result) continue;
      const seq = bet.settlement_seq + 1;
      // Every leg void: the stake goes back as a refund of the bet (as settleBet does).
      const voided = result.allVoid;
      steps.push({
        bet_id: id,
        seq,
        kind: voided ? 'void' : 'settle',
        amount: voided ? Number(bet.total_stake) : result.amount,
        proof: result.proof,
        wallet_tx_id: `${roundOf(id)}-${seq}`,
        wallet_op: voided ? 'rollback' : 'win',
        ref_tx_id: voided ? stakeTxOf(id) : null,
        status: voided ? 'void' : 'settled',
      });
    }
    if (steps.length === 0) return 0;
    const rows = JSON.stringify(steps);
    await tx.execute(
      sql`insert into sb_settlements (bet_id, seq, kind, amount, proof, wallet_tx_id, wallet_op, ref_tx_id)
          select bet_id, seq, kind, amount, proof, wallet_tx_id, wallet_op, ref_tx_id
          from jsonb_to_recordset(${rows}::jsonb) as x(bet_id int8, seq int, kind text, amount int8, proof jsonb,
            wallet_tx_id text, wallet_op text, ref_tx_id text)`,
    );
    await tx.execute(
      sql`update sb_bets b set status = x.status, settled_return = x.amount, settled_at = now(), settlement_seq = x.seq
          from jsonb_to_recordset(${rows}::jsonb) as x(bet_id int8, seq int, amount int8, status text)
          where b.id = x.bet_id`,
    );
    const settledIds = steps.map((s) => s.bet_id);
    const settled = intArray(settledIds);
    // The liability these bets held, given back; the selections locked first, in the book's lock order.
    await lockSelectionsOf(tx, settledIds);
    await tx.execute(
      sql`update sb_selections s set liability = s.liability - x.exposure
          from (select l.selection_id, sum(b.potential_return - b.total_stake) as exposure
                from sb_bet_legs l join sb_bets b on b.id = l.bet_id
                where l.bet_id = any(${settled}::int8[]) group by l.selection_id) x
          where s.id = x.selection_id`,
    );
    return steps.length;
  });
}
