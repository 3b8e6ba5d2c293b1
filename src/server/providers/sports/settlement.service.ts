import { type SQL, sql } from 'drizzle-orm';
import { type Fraction, frac } from '../../../shared/sports/fraction.ts';
import { isMarketType, type MarketResult, selectionOutcome } from '../../../shared/sports/markets.ts';
import { type ReducedMultiple, underReducedMultipleRule } from '../../../shared/sports/reduced-multiple.ts';
import {
  betRounding,
  decidedReturn,
  type LegOutcome,
  type PayoutProof,
  settleWithProof,
  VOID,
} from '../../../shared/sports/settlement.ts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { giveBackCashouts, takeBackCashouts } from './cashout-takeback.ts';
import { addLiability, lockSelectionsOf, moveOpenLegs, openLeg } from './liability.ts';
import { bookSettings } from './settings.ts';
import { wageringFollowsSteps } from './wagering.ts';
import { paysOut, recordSteps, stepTxId } from './wallet-step.ts';

/**
 * Settlement by SPORTSBOOK.md §2 and its corrections (§3), as one rule: a bet's money follows what its
 * legs say now. From each leg's state (its own void or corrected price, else its market's confirmed
 * result, else nothing yet) the bet is either decided, with a return, or not; `reevaluateBets` brings
 * each bet there with one step: an open bet is settled (or voided, its stake paid back), a settled bet
 * whose return changed is resettled, a settled bet no longer decided is unsettled. Running it again
 * changes nothing, so every path (a result, a correction, a void, a crash's resumption, the reconciler)
 * is the same call, and no order of them can pay a bet twice or leave it against its results.
 *
 * Each step is a new sb_settlements row (never edited) written with the bet's new state in one
 * transaction, then carried to the wallet by its own idempotent call (payout-queue.ts). The allowed
 * state changes are enforced by the database (providers/sports/sql/sb_bet_transition.sql).
 */
export type Step = 'settle' | 'unsettle' | 'resettle' | 'void';
export interface Actor {
  operatorId?: number | null;
  reason?: string | null;
}

export interface BetRow {
  id: number;
  kind?: string;
  liability_leg?: number | null;
  status: string;
  unit_stake: number;
  total_stake: number;
  potential_return: number;
  sizes: number[];
  settlement_seq: number;
  settled_return: number | null;
  /** A multiple's rule for being reduced to one live leg, as placed (null: it stands as a single). */
  reduced_multiple?: ReducedMultiple | null;
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
  /** The desk's own void of this leg ('void': 1.00) or its corrected price ('reprice'). */
  void_kind?: 'void' | 'reprice' | null;
  void_price_num?: number | null;
  void_price_den?: number | null;
  void_reason?: string | null;
  voided_at?: Date | null;
  /** A correct-score market's selection keys (its "other" selection wins on any score not among them). */
  offered?: string[] | null;
  /** The leg's place in the slip and its event's start: which leg of a multiple is open (liability.ts). */
  idx?: number;
  starts_at?: Date | string;
}

export const LEG_RESULTS_COLUMNS = sql`l.bet_id, l.selection_id, s.key, l.label, l.price_num, l.price_den, m.type, m.params,
  m.rounding, m.result, m.result_state, m.result_source, m.result_at, l.void_kind, l.void_price_num, l.void_price_den,
  l.void_reason, l.voided_at, l.idx, (select e.starts_at from sb_events e where e.id = l.event_id) as starts_at,
  case when m.type = 'correct_score' then (select array_agg(o.key) from sb_selections o where o.market_id = m.id) end as offered`;
/**
 * SQL: the leg `d` (on the market `m`) has a result for its own selection: its market's confirmed
 * result, which, when a feed settles outcome by outcome (outcome-merge.ts), lists that selection.
 */
export const LEG_HAS_RESULT = sql`(m.result_state = 'confirmed' and (m.result->>'kind' is distinct from 'outcomes'
  or m.result->'outcomes' @> jsonb_build_array(jsonb_build_object('key', (select s.key from sb_selections s where s.id = d.selection_id)))))`;
/**
 * SQL: the market `m` has a result deciding its selection `s`, confirmed or still waiting for a second
 * operator (entered, or proposed as a correction of the result in force): no bet is taken or cashed out
 * on it. The same rule as sql/sb_read_legs.sql's `result_known`.
 */
const decides = (result: SQL) =>
  sql`(${result}->>'kind' is distinct from 'outcomes' or ${result}->'outcomes' @> jsonb_build_array(jsonb_build_object('key', s.key)))`;
export const SELECTION_RESULT_KNOWN = sql`((m.result_state <> 'none' and ${decides(sql`m.result`)})
  or (m.proposed_result is not null and ${decides(sql`m.proposed_result`)}))`;
/**
 * SQL, on sb_markets' own columns: a result an operator entered, or a correction proposed, waits for a
 * second operator. The market stays suspended meanwhile, whatever the feed's odds or a producer's
 * recovery say (the placement refuses its decided selections anyway: SELECTION_RESULT_KNOWN).
 */
export const MARKET_RESULT_WAITS = sql`(result_state = 'entered' or proposed_result is not null)`;
export const LEG_RESULTS_FROM = sql`sb_bet_legs l join sb_selections s on s.id = l.selection_id join sb_markets m on m.id = l.market_id`;

/** A leg's price for settlement (its corrected price after a palpable error) and its outcome, if known. */
export function legOutcome(l: LegResultRow): {
  price: Fraction;
  outcome: LegOutcome | undefined;
  source: string;
  at: Date | null;
} {
  const own = frac(BigInt(l.price_num), BigInt(l.price_den));
  if (l.void_kind === 'void')
    return { price: own, outcome: VOID, source: `void: ${l.void_reason ?? ''}`, at: l.voided_at ?? null };
  const price = l.void_kind === 'reprice' ? frac(BigInt(l.void_price_num!), BigInt(l.void_price_den!)) : own;
  if (l.result_state !== 'confirmed' || !l.result || !isMarketType(l.type))
    return { price, outcome: undefined, source: '', at: null };
  const outcome = selectionOutcome(l.type, l.params, l.key, l.result, l.offered ?? []);
  return { price, outcome, source: l.result_source ?? 'manual', at: l.result_at };
}

/**
 * The return and proof of a bet from its legs as they stand, or undefined while it is not decided;
 * a multiple reduced to one live leg as the rule it was placed under says (reduced-multiple.ts).
 */
export function returnFromLegs(
  bet: Pick<BetRow, 'unit_stake' | 'sizes' | 'kind' | 'reduced_multiple'>,
  legs: LegResultRow[],
  siteRounding: 'down' | 'nearest',
): { amount: number; proof: PayoutProof; allVoid: boolean } | undefined {
  const asTheyStand = legs.map((l) => {
    const { price, outcome, source, at } = legOutcome(l);
    return {
      selectionId: String(l.selection_id),
      label: l.label,
      price,
      outcome,
      resultSource: source,
      resultAt: new Date(at ?? 0).toISOString(),
    };
  });
  const inputs = underReducedMultipleRule(bet.reduced_multiple ?? 'single', bet.kind, asTheyStand);
  if (!decidedReturn({ unitStake: BigInt(bet.unit_stake), sizes: bet.sizes, legs: inputs })) return undefined;
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
  const allVoid = inputs.every((i) => i.outcome && i.outcome.v.num === i.outcome.v.den);
  return { amount: Number(amount), proof, allVoid };
}

interface StepRow {
  bet_id: number;
  seq: number;
  kind: Step;
  amount: number;
  proof: PayoutProof | null;
  reason: string | null;
  operator_id: number | null;
  wallet_tx_id: string;
  wallet_op: 'win' | 'unsettle' | 'resettle';
  ref_tx_id: string | null;
  status: 'open' | 'settled' | 'void';
  settled_return: number | null;
  /** +1 when the bet's liability comes back onto its selections (unsettled), −1 when it leaves them. */
  liability: 1 | -1 | 0;
}

/** The one step that brings a bet to what its legs say now, or undefined when it is there already. */
export function stepFor(
  bet: BetRow,
  decided: ReturnType<typeof returnFromLegs>,
  inForce: string | undefined,
  actor: Actor,
): StepRow | undefined {
  const seq = bet.settlement_seq + 1;
  const base = {
    bet_id: Number(bet.id),
    seq,
    reason: actor.reason ?? null,
    operator_id: actor.operatorId ?? null,
    wallet_tx_id: stepTxId(Number(bet.id), seq),
  };
  if (bet.status === 'open') {
    if (!decided) return undefined;
    const status = decided.allVoid ? 'void' : 'settled';
    // A void bet is paid its stake back as its settlement, so a later correction can change it like any other.
    return {
      ...base,
      kind: decided.allVoid ? 'void' : 'settle',
      amount: decided.amount,
      proof: decided.proof,
      wallet_op: 'win',
      ref_tx_id: null,
      status,
      settled_return: decided.amount,
      liability: -1,
    };
  }
  if (bet.status !== 'settled' && bet.status !== 'void') return undefined;
  // Voided by a refund of its stake (before settlements were payments): final, nothing to correct.
  if (!inForce) return undefined;
  if (!decided)
    return {
      ...base,
      kind: 'unsettle',
      amount: 0,
      proof: null,
      wallet_op: 'unsettle',
      ref_tx_id: inForce,
      status: 'open',
      settled_return: null,
      liability: 1,
    };
  const status = decided.allVoid ? 'void' : 'settled';
  if (decided.amount === Number(bet.settled_return) && status === bet.status) return undefined;
  return {
    ...base,
    kind: 'resettle',
    amount: decided.amount,
    proof: decided.proof,
    wallet_op: 'resettle',
    ref_tx_id: inForce,
    status,
    settled_return: decided.amount,
    liability: 0,
  };
}

/**
 * Brings each of these bets to what its legs say now, in one transaction (the bets locked in id order,
 * then their selections in the book's lock order): see the module comment. Bets that are delayed,
 * pending or refused have no settlement and are left alone, and so are bets cashed out whole: a
 * cash-out stands against results and corrections. Only a run a void of legs asked for
 * (`reopenCashouts`) first takes back the cash-outs of its open and cashed-out bets, and one a cancel
 * taken back asked for (`restoreCashouts`) gives them back (cashout-takeback.ts). Answers the bets that took a step.
 */
export async function reevaluateBets(
  tx: Tx,
  betIds: number[],
  actor: Actor = {},
  opts: { reopenCashouts?: boolean; restoreCashouts?: boolean } = {},
): Promise<number[]> {
  if (betIds.length === 0) return [];
  if (opts.reopenCashouts || opts.restoreCashouts) {
    const reopened = opts.reopenCashouts
      ? await takeBackCashouts(tx, betIds, actor)
      : await giveBackCashouts(tx, betIds, actor);
    const stepped = await reevaluateBets(tx, betIds, actor);
    return [...new Set([...reopened, ...stepped])].sort((a, b) => a - b);
  }
  const ids = intArray(betIds);
  // By primary key from the page's ids (materialized, so no plan starts from the status index and reads
  // every open bet). Only the settleable are locked: a delayed or pending bet's confirmation locks its
  // selections before its row, and a page holding that row while it waited on one of them deadlocked.
  const bets = await queryRows<BetRow>(
    tx,
    sql`with page as materialized (select unnest(${ids}::int8[]) as id)
        select b.id, b.kind, b.liability_leg, b.status, b.unit_stake, b.total_stake, b.potential_return, b.sizes,
          b.settlement_seq, b.settled_return, b.reduced_multiple
        from page join sb_bets b on b.id = page.id
        where b.status in ('open', 'settled', 'void')
        order by b.id for update of b`,
  );
  if (bets.length === 0) return [];
  const settleable = intArray(bets.map((b) => Number(b.id)));
  // One after another: a transaction's queries share one connection.
  const legs = await queryRows<LegResultRow>(
    tx,
    sql`select ${LEG_RESULTS_COLUMNS} from ${LEG_RESULTS_FROM}
        where l.bet_id = any(${settleable}::int8[]) order by l.bet_id, l.idx`,
  );
  const lastSteps = await queryRows<{ bet_id: number; wallet_op: string; wallet_tx_id: string }>(
    tx,
    sql`select distinct on (bet_id) bet_id, wallet_op, wallet_tx_id from sb_settlements
        where bet_id = any(${settleable}::int8[]) order by bet_id, seq desc`,
  );
  const { rounding } = await bookSettings(tx);
  const legsOf = new Map<number, LegResultRow[]>();
  for (const l of legs) legsOf.set(Number(l.bet_id), [...(legsOf.get(Number(l.bet_id)) ?? []), l]);
  const moves = openLegMoves(bets, legsOf);
  const inForceOf = new Map(
    lastSteps.filter((s) => paysOut(s.wallet_op)).map((s) => [Number(s.bet_id), s.wallet_tx_id]),
  );
  const steps: StepRow[] = [];
  for (const bet of bets) {
    const id = Number(bet.id);
    const decided = returnFromLegs(bet, legsOf.get(id) ?? [], rounding);
    const step = stepFor(bet, decided, inForceOf.get(id), actor);
    if (step) steps.push(step);
  }
  const moved = steps.filter((s) => s.liability !== 0);
  // Every selection this page changes, locked at once in the book's lock order before the first
  // update: a second lock pass after the first updates would take a lower selection after a higher
  // one, and two runs doing so deadlocked (seen in CI). Every step's, not only those moving liability:
  // a step's bet update moves its member's running stakes (sb_running_stakes), whose writers hold the
  // selections' locks.
  const touched = new Set([...moves.map((m) => m.bet_id), ...steps.map((s) => s.bet_id)]);
  if (touched.size > 0) await lockSelectionsOf(tx, [...touched]);
  // The liability follows each multiple's open leg before any step takes it off or puts it back.
  if (moves.length > 0) await moveOpenLegs(tx, moves);
  if (steps.length === 0) return [];
  await writeSteps(tx, steps);
  if (moved.length > 0) {
    await addLiability(tx, JSON.stringify(moved.map((s) => ({ bet_id: s.bet_id, sign: s.liability }))));
  }
  return steps.map((s) => s.bet_id);
}

/** The multiples whose open leg (liability.ts) is not where their liability sits, with the leg it moves to. */
function openLegMoves(
  bets: BetRow[],
  legsOf: Map<number, LegResultRow[]>,
): { bet_id: number; leg: number }[] {
  return bets.flatMap((bet) => {
    if (bet.kind !== 'multiple') return [];
    const leg = openLeg(
      (legsOf.get(Number(bet.id)) ?? []).map((l) => ({
        idx: Number(l.idx),
        startsAt: new Date(l.starts_at ?? 0),
        decided: legOutcome(l).outcome !== undefined,
      })),
    );
    return bet.liability_leg === null || Number(bet.liability_leg) !== leg
      ? [{ bet_id: Number(bet.id), leg }]
      : [];
  });
}

async function writeSteps(tx: Tx, steps: StepRow[]): Promise<void> {
  await recordSteps(tx, steps);
  const rows = JSON.stringify(steps);
  await tx.execute(
    sql`update sb_bets b set status = x.status, settled_return = x.settled_return,
          settled_at = case when x.status = 'open' then null else now() end, settlement_seq = x.seq
        from jsonb_to_recordset(${rows}::jsonb) as x(bet_id int8, seq int, settled_return int8, status text)
        where b.id = x.bet_id`,
  );
  // A bet voided risked nothing: what it counted towards a bonus's wagering is taken back.
  await wageringFollowsSteps(tx, steps);
}
