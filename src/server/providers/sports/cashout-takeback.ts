import { sql } from 'drizzle-orm';
import { frac } from '../../../shared/sports/fraction.ts';
import { betRounding, potentialReturn } from '../../../shared/sports/settlement.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { roundOf } from './bets.service.ts';
import { addLiability, lockSelectionsOf } from './liability.ts';
import { bookSettings } from './settings.ts';
import { type Actor, paysOut } from './settlement.service.ts';

/**
 * A void of legs reaches the money a cash-out paid (docs/sportsbook.md, "A bet's states"). A cash-out is
 * priced on the bet's legs; when the book then voids one of them (a cancel window for past-posting, a
 * feed's bet_cancel, the desk cancelling the bet), the price was one the bet should never have had: a
 * past-posted bet cashed out as soon as the market caught up would otherwise keep its profit. So every
 * cash-out of the bet still in force, whole or partial, is taken back (an `unsettle` step of its payment
 * each; the wallet keeps what the member already spent as a debt), the bet is open again on its whole
 * stake, and its legs then settle it like any other bet. A bet already settled on the rest its partial
 * cash-outs left has that settlement taken back first. Results and corrections never come here: a
 * cash-out stands against them, and so does a member's break (only a cancel window, a feed's
 * bet_cancel or the desk cancelling bets asks for this).
 *
 * The caller's run page: every settleable bet of it is locked here in id order, as reevaluateBets does,
 * before any selection. Answers the bets whose cash-outs were taken back.
 */
export async function takeBackCashouts(tx: Tx, betIds: number[], actor: Actor): Promise<number[]> {
  const bets = await queryRows<{
    id: number;
    status: string;
    lines: number;
    unit_stake: number;
    cashout_stake: number;
    settlement_seq: number;
    sizes: number[];
  }>(
    tx,
    sql`with page as materialized (select unnest(${intArray(betIds)}::int8[]) as id)
        select b.id, b.status, b.lines, b.unit_stake, b.cashout_stake, b.settlement_seq, b.sizes
        from page join sb_bets b on b.id = page.id
        where b.status in ('open', 'settled', 'void', 'cashed_out')
        order by b.id for update of b`,
  );
  const candidates = bets.filter((b) => b.status === 'cashed_out' || Number(b.cashout_stake) > 0);
  if (candidates.length === 0) return [];
  // Every selection of the page at once, in the book's order: reevaluateBets then locks only some of them.
  await lockSelectionsOf(
    tx,
    bets.map((b) => Number(b.id)),
  );
  const ids = intArray(candidates.map((b) => Number(b.id)));
  const [payments, lastSteps, legs] = [
    // The cash-outs in force: their payments not taken back by an earlier void.
    await queryRows<{ bet_id: number; wallet_tx_id: string }>(
      tx,
      sql`select s.bet_id, s.wallet_tx_id from sb_settlements s
          where s.bet_id = any(${ids}::int8[]) and s.kind in ('cashout', 'cashout_partial')
            and not exists (select 1 from sb_settlements u where u.bet_id = s.bet_id and u.ref_tx_id = s.wallet_tx_id)
          order by s.bet_id, s.seq`,
    ),
    await queryRows<{ bet_id: number; kind: string; wallet_op: string; wallet_tx_id: string }>(
      tx,
      sql`select distinct on (bet_id) bet_id, kind, wallet_op, wallet_tx_id from sb_settlements
          where bet_id = any(${ids}::int8[]) order by bet_id, seq desc`,
    ),
    await queryRows<{ bet_id: number; price_num: number; price_den: number; rounding: 'down' | 'nearest' }>(
      tx,
      sql`select l.bet_id, l.price_num, l.price_den, m.rounding from sb_bet_legs l join sb_markets m on m.id = l.market_id
          where l.bet_id = any(${ids}::int8[]) order by l.bet_id, l.idx`,
    ),
  ];
  const lastOf = new Map(lastSteps.map((s) => [Number(s.bet_id), s]));
  // A settled (or void) bet's settlement in force is taken back first: its rest is settled again below.
  // One voided by a refund of its stake (before settlements were payments) has none, and is left.
  const settlementOf = (b: (typeof bets)[number]) => {
    const last = lastOf.get(Number(b.id));
    return last && paysOut(last.wallet_op) && !last.kind.startsWith('cashout')
      ? last.wallet_tx_id
      : undefined;
  };
  const due = candidates.filter((b) => b.status === 'open' || b.status === 'cashed_out' || settlementOf(b));
  if (due.length === 0) return [];
  // The liability an open bet holds on its rest comes off; it returns below on the whole stake.
  const open = due.filter((b) => b.status === 'open');
  if (open.length > 0)
    await addLiability(tx, JSON.stringify(open.map((b) => ({ bet_id: Number(b.id), sign: -1 }))));
  const { rounding: siteRounding } = await bookSettings(tx);
  const steps: object[] = [];
  const restored: object[] = [];
  for (const bet of due) {
    const id = Number(bet.id);
    let seq = Number(bet.settlement_seq);
    const takeBack = (ref: string) => {
      seq += 1;
      steps.push({
        bet_id: id,
        seq,
        kind: 'unsettle',
        reason: actor.reason ?? 'void',
        operator_id: actor.operatorId ?? null,
        wallet_tx_id: `${roundOf(id)}-${seq}`,
        ref_tx_id: ref,
      });
    };
    const settled = bet.status === 'settled' || bet.status === 'void' ? settlementOf(bet) : undefined;
    if (settled) takeBack(settled);
    for (const p of payments.filter((x) => Number(x.bet_id) === id)) takeBack(p.wallet_tx_id);
    const own = legs.filter((l) => Number(l.bet_id) === id);
    const unitStake = Number(bet.unit_stake) + Number(bet.cashout_stake);
    const potential = potentialReturn({
      unitStake: BigInt(unitStake),
      sizes: bet.sizes,
      prices: own.map((l) => frac(BigInt(l.price_num), BigInt(l.price_den))),
      rounding: betRounding(
        siteRounding,
        own.map((l) => l.rounding),
      ),
    });
    restored.push({
      bet_id: id,
      seq,
      unit_stake: unitStake,
      total_stake: unitStake * Number(bet.lines),
      potential_return: potential.toString(),
    });
  }
  await tx.execute(
    sql`insert into sb_settlements (bet_id, seq, kind, amount, reason, operator_id, wallet_tx_id, wallet_op, ref_tx_id)
        select bet_id, seq, kind, 0, reason, operator_id, wallet_tx_id, 'unsettle', ref_tx_id
        from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as x(bet_id int8, seq int, kind text, reason text,
          operator_id int8, wallet_tx_id text, ref_tx_id text)`,
  );
  await tx.execute(
    sql`update sb_bets b set status = 'open', settled_return = null, settled_at = null, settlement_seq = x.seq,
          unit_stake = x.unit_stake, total_stake = x.total_stake, potential_return = x.potential_return::int8,
          cashout_stake = 0, cashout_paid = 0, auto_cashout_at = null
        from jsonb_to_recordset(${JSON.stringify(restored)}::jsonb) as x(bet_id int8, seq int, unit_stake int8,
          total_stake int8, potential_return text)
        where b.id = x.bet_id`,
  );
  await addLiability(tx, JSON.stringify(due.map((b) => ({ bet_id: Number(b.id), sign: 1 }))));
  return due.map((b) => Number(b.id));
}
