import { sql } from 'drizzle-orm';
import { frac } from '../../../shared/sports/fraction.ts';
import { betRounding, potentialReturn } from '../../../shared/sports/settlement.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { addLiability, lockSelectionsOf } from './liability.ts';
import { bookSettings } from './settings.ts';
import type { Actor } from './settlement.service.ts';
import { wageringReopens } from './wagering.ts';
import { paysOut, recordSteps, stepTxId } from './wallet-step.ts';

/*
 * A void of legs reaches the money a cash-out paid (docs/sportsbook.md, "A bet's states"). A cash-out is
 * priced on the bet's legs; when the book then voids one of them (a cancel window for past-posting, a
 * feed's bet_cancel, the desk cancelling the bet), the price was one the bet should never have had: a
 * past-posted bet cashed out as soon as the market caught up would otherwise keep its profit. So every
 * cash-out of the bet still in force, whole or partial, is taken back (an `unsettle` step of its payment
 * each; the wallet keeps what the member already spent as a debt), the bet is open again on its whole
 * stake, and its legs then settle it like any other bet. A bet already settled on the rest its partial
 * cash-outs left has that settlement taken back first. When the cancel is itself taken back (the feed's
 * rollback_bet_cancel), the cash-outs are given back as they were. Results and corrections never come
 * here: a cash-out stands against them, and so does a member's break.
 *
 * Both run on the caller's run page, before reevaluateBets: every settleable bet of the page is locked in
 * id order, then every selection of the page at once in the book's order (reevaluateBets locks only some
 * of them after).
 */

interface PageBet {
  id: number;
  status: string;
  lines: number;
  unit_stake: number;
  cashout_stake: number;
  settlement_seq: number;
  sizes: number[];
}

interface StepOut {
  bet_id: number;
  seq: number;
  kind: string;
  amount: number;
  proof: unknown;
  wallet_tx_id: string;
  wallet_op: 'unsettle' | 'win' | 'cashout';
  ref_tx_id: string;
}

async function lockPage(tx: Tx, betIds: number[]): Promise<PageBet[]> {
  return queryRows<PageBet>(
    tx,
    sql`with page as materialized (select unnest(${intArray(betIds)}::int8[]) as id)
        select b.id, b.status, b.lines, b.unit_stake, b.cashout_stake, b.settlement_seq, b.sizes
        from page join sb_bets b on b.id = page.id
        where b.status in ('open', 'settled', 'void', 'cashed_out')
        order by b.id for update of b`,
  );
}

/** A settled (or void) bet's settlement in force, by each bet's latest step; none for a bet voided by a refund. */
async function settlementsOf(tx: Tx, bets: PageBet[]): Promise<Map<number, string>> {
  const settled = bets.filter((b) => b.status === 'settled' || b.status === 'void');
  if (settled.length === 0) return new Map();
  const last = await queryRows<{ bet_id: number; kind: string; wallet_op: string; wallet_tx_id: string }>(
    tx,
    sql`select distinct on (bet_id) bet_id, kind, wallet_op, wallet_tx_id from sb_settlements
        where bet_id = any(${intArray(settled.map((b) => Number(b.id)))}::int8[]) order by bet_id, seq desc`,
  );
  return new Map(
    last
      .filter((s) => paysOut(s.wallet_op) && !s.kind.startsWith('cashout'))
      .map((s) => [Number(s.bet_id), s.wallet_tx_id]),
  );
}

/** Each bet's most it can return on `unitStake`, from its legs' prices, rounded as it would settle. */
async function potentialsOf(tx: Tx, bets: PageBet[]) {
  const legs = await queryRows<{
    bet_id: number;
    price_num: number;
    price_den: number;
    rounding: 'down' | 'nearest';
  }>(
    tx,
    sql`select l.bet_id, l.price_num, l.price_den, m.rounding from sb_bet_legs l join sb_markets m on m.id = l.market_id
        where l.bet_id = any(${intArray(bets.map((b) => Number(b.id)))}::int8[]) order by l.bet_id, l.idx`,
  );
  const { rounding } = await bookSettings(tx);
  return (bet: PageBet, unitStake: number) => {
    const own = legs.filter((l) => Number(l.bet_id) === Number(bet.id));
    return potentialReturn({
      unitStake: BigInt(unitStake),
      sizes: bet.sizes,
      prices: own.map((l) => frac(BigInt(l.price_num), BigInt(l.price_den))),
      rounding: betRounding(
        rounding,
        own.map((l) => l.rounding),
      ),
    }).toString();
  };
}

/** The page's steps, each under the run's reason and operator. */
const writeSteps = (tx: Tx, steps: StepOut[], actor: Actor) =>
  recordSteps(
    tx,
    steps.map((s) => ({ ...s, reason: actor.reason ?? null, operator_id: actor.operatorId ?? null })),
  );

/** Numbers a bet's next steps after its latest. */
function stepsFor(bet: PageBet, out: StepOut[]) {
  let seq = Number(bet.settlement_seq);
  const add = (s: Omit<StepOut, 'bet_id' | 'seq' | 'wallet_tx_id'>) => {
    seq += 1;
    out.push({ ...s, bet_id: Number(bet.id), seq, wallet_tx_id: stepTxId(Number(bet.id), seq) });
  };
  return { add, last: () => seq };
}

const unsettle = (ref: string) => ({
  kind: 'unsettle',
  amount: 0,
  proof: null,
  wallet_op: 'unsettle' as const,
  ref_tx_id: ref,
});

/**
 * Takes back the cash-outs in force of the page's open and cashed-out bets, and of its settled ones with
 * partial cash-outs (their settlement first): see the module comment. Answers the bets taken back.
 */
export async function takeBackCashouts(tx: Tx, betIds: number[], actor: Actor): Promise<number[]> {
  const bets = await lockPage(tx, betIds);
  const candidates = bets.filter((b) => b.status === 'cashed_out' || Number(b.cashout_stake) > 0);
  if (candidates.length === 0) return [];
  await lockSelectionsOf(
    tx,
    bets.map((b) => Number(b.id)),
  );
  const settlementOf = await settlementsOf(tx, candidates);
  const due = candidates.filter(
    (b) => b.status === 'open' || b.status === 'cashed_out' || settlementOf.has(Number(b.id)),
  );
  if (due.length === 0) return [];
  // The cash-outs in force: their payments not taken back by an earlier void.
  const payments = await queryRows<{ bet_id: number; wallet_tx_id: string }>(
    tx,
    sql`select s.bet_id, s.wallet_tx_id from sb_settlements s
        where s.bet_id = any(${intArray(due.map((b) => Number(b.id)))}::int8[]) and s.kind in ('cashout', 'cashout_partial')
          and not exists (select 1 from sb_settlements u where u.bet_id = s.bet_id and u.ref_tx_id = s.wallet_tx_id)
        order by s.bet_id, s.seq`,
  );
  // The liability an open bet holds on its rest comes off; it returns below on the whole stake.
  const open = due.filter((b) => b.status === 'open');
  if (open.length > 0)
    await addLiability(tx, JSON.stringify(open.map((b) => ({ bet_id: Number(b.id), sign: -1 }))));
  const potential = await potentialsOf(tx, due);
  const steps: StepOut[] = [];
  const restored: object[] = [];
  for (const bet of due) {
    const id = Number(bet.id);
    const next = stepsFor(bet, steps);
    const settled = settlementOf.get(id);
    if (settled) next.add(unsettle(settled));
    for (const p of payments.filter((x) => Number(x.bet_id) === id)) next.add(unsettle(p.wallet_tx_id));
    const unitStake = Number(bet.unit_stake) + Number(bet.cashout_stake);
    restored.push({
      bet_id: id,
      seq: next.last(),
      unit_stake: unitStake,
      total_stake: unitStake * Number(bet.lines),
      potential_return: potential(bet, unitStake),
    });
  }
  await writeSteps(tx, steps, actor);
  await tx.execute(
    sql`update sb_bets b set status = 'open', settled_return = null, settled_at = null, settlement_seq = x.seq,
          unit_stake = x.unit_stake, total_stake = x.total_stake, potential_return = x.potential_return::int8,
          cashout_stake = 0, cashout_paid = 0, auto_cashout_at = null
        from jsonb_to_recordset(${JSON.stringify(restored)}::jsonb) as x(bet_id int8, seq int, unit_stake int8,
          total_stake int8, potential_return text)
        where b.id = x.bet_id`,
  );
  await addLiability(tx, JSON.stringify(due.map((b) => ({ bet_id: Number(b.id), sign: 1 }))));
  await wageringReopens(
    tx,
    due.map((b) => Number(b.id)),
  );
  return due.map((b) => Number(b.id));
}

/**
 * A cancel taken back: the cash-outs it took back are paid again as they were (a step each, the same
 * amount and proof, naming the payment it restores), on bets none of whose legs is still void and with
 * no cash-out since; the settlement the void brought is taken back first, and the bet is left as the
 * cash-outs had left it (cashed out, or open on the rest). Answers the bets given back.
 */
export async function giveBackCashouts(tx: Tx, betIds: number[], actor: Actor): Promise<number[]> {
  const bets = await lockPage(tx, betIds);
  if (bets.length === 0) return [];
  const ids = intArray(bets.map((b) => Number(b.id)));
  const takenBack = await queryRows<{
    bet_id: number;
    kind: string;
    amount: number;
    proof: { part?: string } | null;
    wallet_tx_id: string;
  }>(
    tx,
    sql`select s.bet_id, s.kind, s.amount, s.proof, s.wallet_tx_id from sb_settlements s
        where s.bet_id = any(${ids}::int8[]) and s.kind in ('cashout', 'cashout_partial')
          and exists (select 1 from sb_settlements u where u.bet_id = s.bet_id and u.kind = 'unsettle'
                      and u.ref_tx_id = s.wallet_tx_id)
          and not exists (select 1 from sb_settlements g where g.bet_id = s.bet_id
                          and g.kind in ('cashout', 'cashout_partial') and g.ref_tx_id = s.wallet_tx_id)
          and not exists (select 1 from sb_bet_legs l where l.bet_id = s.bet_id and l.void_kind is not null)
        order by s.bet_id, s.seq`,
  );
  const candidates = bets.filter(
    (b) =>
      b.status !== 'cashed_out' &&
      Number(b.cashout_stake) === 0 &&
      takenBack.some((c) => Number(c.bet_id) === Number(b.id)),
  );
  if (candidates.length === 0) return [];
  await lockSelectionsOf(
    tx,
    bets.map((b) => Number(b.id)),
  );
  const settlementOf = await settlementsOf(tx, candidates);
  const due = candidates.filter((b) => b.status === 'open' || settlementOf.has(Number(b.id)));
  if (due.length === 0) return [];
  const open = due.filter((b) => b.status === 'open');
  if (open.length > 0)
    await addLiability(tx, JSON.stringify(open.map((b) => ({ bet_id: Number(b.id), sign: -1 }))));
  const potential = await potentialsOf(tx, due);
  const steps: StepOut[] = [];
  const restored: { bet_id: number; seq: number; whole: number | null; [k: string]: unknown }[] = [];
  for (const bet of due) {
    const id = Number(bet.id);
    const next = stepsFor(bet, steps);
    const settled = settlementOf.get(id);
    if (settled) next.add(unsettle(settled));
    let parts = 0;
    let paid = 0;
    let whole: number | null = null;
    for (const c of takenBack.filter((x) => Number(x.bet_id) === id)) {
      next.add({
        kind: c.kind,
        amount: Number(c.amount),
        proof: c.proof,
        wallet_op: c.kind === 'cashout' ? 'win' : 'cashout',
        ref_tx_id: c.wallet_tx_id,
      });
      if (c.kind === 'cashout') whole = Number(c.amount);
      else {
        parts += Number(c.proof?.part ?? 0);
        paid += Number(c.amount);
      }
    }
    const unitStake = Number(bet.unit_stake) - parts;
    restored.push({
      bet_id: id,
      seq: next.last(),
      whole,
      unit_stake: unitStake,
      total_stake: unitStake * Number(bet.lines),
      potential_return: potential(bet, unitStake),
      cashout_stake: parts,
      cashout_paid: paid,
    });
  }
  await writeSteps(tx, steps, actor);
  const rows = JSON.stringify(restored);
  // Through 'open': the state machine moves a settled or void bet to cashed out only that way.
  await tx.execute(
    sql`update sb_bets b set status = 'open', settled_return = null, settled_at = null
        from jsonb_to_recordset(${rows}::jsonb) as x(bet_id int8) where b.id = x.bet_id and b.status <> 'open'`,
  );
  await tx.execute(
    sql`update sb_bets b set status = case when x.whole is null then 'open' else 'cashed_out' end,
          settled_return = x.whole, settled_at = case when x.whole is null then null else now() end,
          settlement_seq = x.seq, unit_stake = x.unit_stake, total_stake = x.total_stake,
          potential_return = x.potential_return::int8, cashout_stake = x.cashout_stake, cashout_paid = x.cashout_paid
        from jsonb_to_recordset(${rows}::jsonb) as x(bet_id int8, seq int, whole int8, unit_stake int8,
          total_stake int8, potential_return text, cashout_stake int8, cashout_paid int8)
        where b.id = x.bet_id`,
  );
  const stillOpen = restored.filter((r) => r.whole === null).map((r) => ({ bet_id: r.bet_id, sign: 1 }));
  if (stillOpen.length > 0) await addLiability(tx, JSON.stringify(stillOpen));
  await wageringReopens(
    tx,
    due.map((b) => Number(b.id)),
  );
  return due.map((b) => Number(b.id));
}
