import { sql } from 'drizzle-orm';
import { type LegState, legStateOf, legStateOfProof } from '../../../shared/sports/leg-state.ts';
import { isMarketType, type MarketResult, selectionOutcome } from '../../../shared/sports/markets.ts';
import type { ClockedScore } from '../../../shared/sports/match-clock.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { labelParts } from './leg-label.ts';
import { RUNNING_BET } from './limits.ts';

export interface BetRecord {
  id: number;
  playerId: string;
  kind: string;
  systemName: string | null;
  sizes: number[];
  lines: number;
  unitStake: number;
  totalStake: number;
  potentialReturn: number;
  /** The member's currency at placement: the stake, returns and every history amount are in it. */
  currency: string;
  status: string;
  refusal: string | null;
  live: boolean;
  placedAt: string;
  settledReturn: number | null;
  /** Partial cash-outs: the stake they took off (totalStake is what is left) and what they paid. */
  cashoutStake: number;
  cashoutPaid: number;
  autoCashoutAt: number | null;
  legs: {
    selectionId: number;
    marketId: number;
    eventId: number;
    price: string;
    line: string | null;
    marketVersion: number;
    /** What the book accepted, in English: "event · market · selection" (kept for older clients). */
    label: string;
    /** The label's parts with the codes a page translates the market and the selection by. */
    event: string;
    marketType: string;
    market: string;
    selectionKey: string;
    selection: string;
    /** Open until its market's result is confirmed; then how the result (or the proof in force) settles it. */
    state: LegState;
    startsAt: string;
    /** Its event's state and live score (with the match clock) when the bets were read. */
    eventStatus: string;
    score: ({ home: number; away: number } & ClockedScore) | null;
  }[];
  history: {
    seq: number;
    kind: string;
    amount: number;
    reason: string | null;
    operatorId: number | null;
    paid: boolean;
    at: string;
    proof: unknown;
    /** A cash-out step's proof (its `proof` is then null). */
    cashout: unknown;
  }[];
}

/**
 * A page of bets, newest first, by the (player, id) or (status, id) index, with each bet's legs and
 * the history of its settlements (receipt, proof, corrections).
 */
export async function betHistory(
  db: DbOrTx,
  q: {
    betId?: number;
    playerId?: string;
    /** Any of these members (the desk's search by login). */
    playerIds?: readonly string[];
    status?: string;
    eventId?: number;
    /** A leg on any of these events (the desk's search by event or team name). */
    eventIds?: readonly number[];
    beforeId?: number;
    /** Keyset by placing time (the member's history): bets placed before this (time, id). */
    before?: { at: string; id: number };
    from?: string;
    to?: string;
    /** open: not settled yet; settled: settled or void. */
    state?: 'open' | 'settled';
    limit?: number;
  },
): Promise<BetRecord[]> {
  const limit = Math.min(q.limit ?? 50, 100);
  const bets = await queryRows<{
    id: number;
    player_id: string;
    kind: string;
    system_name: string | null;
    sizes: number[];
    lines: number;
    unit_stake: number;
    total_stake: number;
    potential_return: number;
    currency: string;
    status: string;
    refusal: string | null;
    live: boolean;
    placed_at: Date;
    settled_return: number | null;
    cashout_stake: number;
    cashout_paid: number;
    auto_cashout_at: number | null;
  }>(
    db,
    sql`select b.* from sb_bets b
        where true ${q.betId ? sql`and b.id = ${q.betId}` : sql``} ${q.playerId ? sql`and b.player_id = ${q.playerId}` : sql``}
          ${q.status ? sql`and b.status = ${q.status}` : sql``}
          ${q.eventId ? sql`and b.id in (select bet_id from sb_bet_legs where event_id = ${q.eventId})` : sql``}
          ${q.playerIds ? sql`and b.player_id in (select jsonb_array_elements_text(${JSON.stringify(q.playerIds)}::jsonb))` : sql``}
          ${q.eventIds ? sql`and b.id in (select bet_id from sb_bet_legs where event_id = any(${intArray([...q.eventIds])}::int8[]))` : sql``}
          ${q.beforeId ? sql`and b.id < ${q.beforeId}` : sql``}
          ${q.from ? sql`and b.placed_at >= ${q.from}::timestamptz` : sql``}
          ${q.to ? sql`and b.placed_at < ${q.to}::timestamptz` : sql``}
          ${q.state === 'open' ? sql`and b.status in ${RUNNING_BET}` : q.state === 'settled' ? sql`and b.status in ('settled', 'void', 'cashed_out')` : sql``}
          ${q.before ? sql`and (b.placed_at, b.id) < (${q.before.at}::timestamptz, ${q.before.id})` : sql``}
        order by ${q.before || q.from || q.to ? sql`b.placed_at desc, b.id desc` : sql`b.id desc`} limit ${limit}`,
  );
  if (bets.length === 0) return [];
  const ids = bets.map((b) => Number(b.id));
  const legs = await queryRows<{
    bet_id: number;
    selection_id: number;
    market_id: number;
    event_id: number;
    price_num: number;
    price_den: number;
    line: string | null;
    market_version: number;
    label: string;
    void_kind: string | null;
    key: string;
    type: string;
    event_name: string;
    market_name: string;
    selection_name: string;
    params: { line?: string };
    result: MarketResult | null;
    result_state: string;
    starts_at: Date;
    event_status: string;
    score: ({ home: number; away: number } & ClockedScore) | null;
  }>(
    db,
    sql`select l.*, s.key, m.type, m.params, m.result, m.result_state, e.starts_at, e.status as event_status, e.score,
          e.name as event_name, m.name as market_name, s.name as selection_name
        from sb_bet_legs l join sb_selections s on s.id = l.selection_id join sb_markets m on m.id = l.market_id
        join sb_events e on e.id = l.event_id
        where l.bet_id = any(${intArray(ids)}::int8[]) order by l.bet_id, l.idx`,
  );
  const steps = await queryRows<{
    bet_id: number;
    seq: number;
    kind: string;
    amount: number;
    reason: string | null;
    operator_id: number | null;
    paid: boolean;
    created_at: Date;
    proof: unknown;
  }>(
    db,
    sql`select bet_id, seq, kind, amount, reason, operator_id, paid, created_at, proof from sb_settlements where bet_id = any(${intArray(ids)}::int8[]) order by bet_id, seq`,
  );
  /** A leg's state: from the proof in force once the bet is settled, else from its market's confirmed result. */
  const stateOf = (
    bet: { status: string },
    leg: (typeof legs)[number],
    index: number,
    proof: { legs?: { v: string; w: 0 | 1 }[] } | undefined,
  ): LegState => {
    if (bet.status === 'void' || leg.void_kind === 'void') return 'void';
    const proven = proof?.legs?.[index];
    if (bet.status === 'settled' && proven) return legStateOfProof(proven);
    if (leg.result_state !== 'confirmed' || !leg.result || !isMarketType(leg.type)) return 'open';
    const outcome = selectionOutcome(leg.type, leg.params, leg.key, leg.result);
    return outcome ? legStateOf(outcome) : 'open';
  };
  const proofInForce = (betId: number) =>
    steps.filter((s) => Number(s.bet_id) === betId && s.proof && !isCashout(s.kind)).at(-1)?.proof as
      | { legs?: { v: string; w: 0 | 1 }[] }
      | undefined;
  return bets.map((b) => ({
    id: Number(b.id),
    playerId: b.player_id,
    kind: b.kind,
    systemName: b.system_name,
    sizes: b.sizes,
    lines: b.lines,
    unitStake: b.unit_stake,
    totalStake: b.total_stake,
    potentialReturn: b.potential_return,
    currency: b.currency,
    status: b.status,
    refusal: b.refusal,
    live: b.live,
    placedAt: new Date(b.placed_at).toISOString(),
    settledReturn: b.settled_return,
    cashoutStake: Number(b.cashout_stake ?? 0),
    cashoutPaid: Number(b.cashout_paid ?? 0),
    autoCashoutAt: b.auto_cashout_at === null ? null : Number(b.auto_cashout_at),
    legs: legs
      .filter((l) => Number(l.bet_id) === Number(b.id))
      .map((l, index) => ({
        selectionId: Number(l.selection_id),
        marketId: Number(l.market_id),
        eventId: Number(l.event_id),
        price: `${l.price_num}/${l.price_den}`,
        line: l.line,
        marketVersion: l.market_version,
        label: l.label,
        ...labelParts(l.label, { event: l.event_name, market: l.market_name, selection: l.selection_name }),
        marketType: l.type,
        selectionKey: l.key,
        state: stateOf(b, l, index, proofInForce(Number(b.id))),
        startsAt: new Date(l.starts_at).toISOString(),
        eventStatus: l.event_status,
        score: l.score,
      })),
    history: steps
      .filter((s) => Number(s.bet_id) === Number(b.id))
      .map((s) => ({
        seq: s.seq,
        kind: s.kind,
        amount: s.amount,
        reason: s.reason,
        operatorId: s.operator_id,
        paid: s.paid,
        at: new Date(s.created_at).toISOString(),
        proof: isCashout(s.kind) ? null : s.proof,
        cashout: isCashout(s.kind) ? s.proof : null,
      })),
  }));
}

const isCashout = (kind: string) => kind === 'cashout' || kind === 'cashout_partial';

export interface BetTotals {
  /** Settled bets in the range: their stakes, their returns, and returns − stakes. */
  settledCount: number;
  staked: number;
  returned: number;
  net: number;
  /** Stakes of bets still open in the range. */
  openStake: number;
}

/** A member's win/loss totals over a date range, by the (player, placed_at) index. */
export async function betTotals(
  db: DbOrTx,
  q: { playerId: string; from: string; to: string },
): Promise<BetTotals> {
  const [row] = await queryRows<{ n: number; staked: number; returned: number; open_stake: number }>(
    db,
    // A cashed-out bet is settled by its cash-out; partial cash-outs count with the bet they came from.
    sql`select count(*) filter (where status in ('settled', 'cashed_out'))::int as n,
               coalesce(sum(total_stake + cashout_stake) filter (where status in ('settled', 'cashed_out')), 0)::int8 as staked,
               coalesce(sum(settled_return + cashout_paid) filter (where status in ('settled', 'cashed_out')), 0)::int8 as returned,
               coalesce(sum(total_stake) filter (where sb_bet_running(status)), 0)::int8 as open_stake
        from sb_bets where player_id = ${q.playerId} and placed_at >= ${q.from}::timestamptz and placed_at < ${q.to}::timestamptz`,
  );
  const staked = Number(row?.staked ?? 0);
  const returned = Number(row?.returned ?? 0);
  return {
    settledCount: Number(row?.n ?? 0),
    staked,
    returned,
    net: returned - staked,
    openStake: Number(row?.open_stake ?? 0),
  };
}
