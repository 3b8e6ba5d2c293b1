import { sql } from 'drizzle-orm';
import { type CashoutLegInput, type CashoutRefusal, cashoutValue } from '../../../shared/sports/cashout.ts';
import { frac, parseFractionText } from '../../../shared/sports/fraction.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { betStopOf } from './placement.service.ts';
import {
  LEG_RESULTS_COLUMNS,
  LEG_RESULTS_FROM,
  type LegResultRow,
  legOutcome,
  SELECTION_RESULT_KNOWN,
} from './settlement.service.ts';

/** A bet as a cash-out reads it. */
export interface CashoutBet {
  id: number;
  player_id: string;
  kind: string;
  lines: number;
  status: string;
  unit_stake: number;
  total_stake: number;
  sizes: number[];
  settlement_seq: number;
  auto_cashout_at: number | null;
}

export const CASHOUT_BET_COLUMNS = sql`id, player_id, kind, lines, status, unit_stake, total_stake, sizes, settlement_seq, auto_cashout_at`;

interface CashoutLegRow extends LegResultRow {
  market_status: string;
  selection_open: boolean;
  /** An outcome of the leg's market is closed (the feed's `active="0"`): usually only paused. */
  market_outcome_closed: boolean;
  /** Its market has a result deciding the leg, confirmed or waiting for a second operator. */
  result_known: boolean;
  /** A correction of its market's result waits for a second operator (proposed_result). */
  correction_waits: boolean;
  current_num: number;
  current_den: number;
  market_prices: string[] | null;
  event_status: string;
  event_name: string;
  starts_at: Date;
  bet_stop_at: Date | null;
  /** The event's own bet delay (else the book's), and when its market was last suspended and its score last changed. */
  bet_delay_seconds: number | null;
  suspended_at: Date | null;
  score_changed_at: Date | null;
}

/** A bet's legs with what their cash-out needs: each market's state and current prices, each event's bet stop. */
export async function cashoutLegs(db: DbOrTx, betId: number): Promise<CashoutLegRow[]> {
  const rows = await queryRows<CashoutLegRow>(
    db,
    sql`select ${LEG_RESULTS_COLUMNS}, m.status as market_status, s.open as selection_open,
          s.price_num as current_num, s.price_den as current_den,
          exists (select 1 from sb_selections o where o.market_id = m.id and not o.open) as market_outcome_closed,
          ${SELECTION_RESULT_KNOWN} as result_known, m.proposed_result is not null as correction_waits,
          (select array_agg(o.price_num || '/' || o.price_den order by o.id) from sb_selections o
            where o.market_id = m.id and o.open) as market_prices,
          e.status as event_status, e.name as event_name, e.starts_at, e.bet_stop_at, e.bet_delay_seconds,
          m.suspended_at, e.score_changed_at
        from ${LEG_RESULTS_FROM} join sb_events e on e.id = l.event_id
        where l.bet_id = ${betId} order by l.idx`,
  );
  // Hand-written statements get timestamps as text from one driver and as Date from the other.
  return rows.map((r) => ({
    ...r,
    starts_at: new Date(r.starts_at),
    bet_stop_at: r.bet_stop_at === null ? null : new Date(r.bet_stop_at),
    suspended_at: r.suspended_at === null ? null : new Date(r.suspended_at),
    score_changed_at: r.score_changed_at === null ? null : new Date(r.score_changed_at),
  }));
}

/**
 * How long a cash-out of these legs waits, as a live bet does (docs/sportsbook.md, "Cash-out"): the
 * longest bet delay of its undecided legs in play; 0 when none is in play.
 */
export function cashoutDelaySeconds(legs: CashoutLegRow[], bookDelaySeconds: number): number {
  const live = legs.filter((l) => l.event_status === 'live' && legOutcome(l).outcome === undefined);
  return live.length === 0 ? 0 : Math.max(...live.map((l) => l.bet_delay_seconds ?? bookDelaySeconds));
}

/** Whether a leg's market was suspended or its event's score changed after `since` (a delayed cash-out is then refused). */
export const movedSince = (legs: CashoutLegRow[], since: Date) =>
  legs.some(
    (l) =>
      (l.suspended_at !== null && l.suspended_at > since) ||
      (l.score_changed_at !== null && l.score_changed_at > since),
  );

export type Priced =
  | {
      ok: true;
      value: Exclude<ReturnType<typeof cashoutValue>, 'lost'>;
      prices: ReturnType<typeof legOutcome>['price'][];
    }
  | { ok: false; refusal: CashoutRefusal; message: string };

/**
 * The cash-out of `part` of an open single or multiple now (shared/sports/cashout.ts), or why there is
 * none: a lost leg, a leg's market suspended (or one of its outcomes closed) or its event past its bet stop.
 */
export function priceCashout(
  bet: CashoutBet,
  legs: CashoutLegRow[],
  opts: { marginBp: number; now: Date; part?: number },
): Priced {
  if (bet.status !== 'open')
    return { ok: false, refusal: 'not_available', message: `the bet is ${bet.status}` };
  if (bet.kind === 'system' || bet.lines !== 1)
    return { ok: false, refusal: 'not_available', message: 'only singles and multiples are cashed out' };
  const inputs: CashoutLegInput[] = [];
  for (const l of legs) {
    const { price, outcome } = legOutcome(l);
    const base = { selectionId: String(l.selection_id), label: l.label, price };
    if (outcome) {
      // A correction of the result waiting for its second operator: the member may know which way it
      // goes, and a cash-out is final against it. Not priced on a result about to change.
      if (l.correction_waits && l.void_kind !== 'void')
        return { ok: false, refusal: 'market_suspended', message: `${l.label}'s result is being corrected` };
      inputs.push({ ...base, outcome });
      continue;
    }
    if (['ended', 'cancelled', 'postponed'].includes(l.event_status))
      return { ok: false, refusal: 'bet_stop', message: `${l.event_name} is over` };
    const stop = betStopOf(l);
    if (stop && opts.now >= stop)
      return { ok: false, refusal: 'bet_stop', message: `no more bets on ${l.event_name}` };
    if (l.market_status !== 'open' || !l.selection_open || !l.market_prices?.length)
      return { ok: false, refusal: 'market_suspended', message: `${l.label} is suspended` };
    // A result still waiting for its second operator (whatever reopened the market): not priced from the odds.
    if (l.result_known)
      return { ok: false, refusal: 'market_suspended', message: `${l.label} has its result` };
    // A closed outcome is usually only paused: the overround over the others would price the leg as if
    // it could never win, and the offer would rise by its share. No cash-out until it is back (or the
    // market is decided: a decided leg is worth its result above, whatever its outcomes' state).
    if (l.market_outcome_closed)
      return {
        ok: false,
        refusal: 'market_suspended',
        message: `an outcome of ${l.label}'s market is closed`,
      };
    inputs.push({
      ...base,
      current: frac(BigInt(l.current_num), BigInt(l.current_den)),
      market: l.market_prices.map((p) => parseFractionText(p)!),
    });
  }
  const value = cashoutValue({
    stake: BigInt(bet.unit_stake),
    part: opts.part === undefined ? undefined : BigInt(opts.part),
    marginBp: opts.marginBp,
    legs: inputs,
  });
  if (value === 'lost') return { ok: false, refusal: 'lost', message: 'a leg is lost' };
  return { ok: true, value, prices: inputs.map((i) => i.price) };
}
