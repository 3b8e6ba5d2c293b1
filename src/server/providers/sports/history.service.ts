import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from './sql-array.ts';

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
  status: string;
  refusal: string | null;
  live: boolean;
  placedAt: string;
  settledReturn: number | null;
  legs: {
    selectionId: number;
    marketId: number;
    eventId: number;
    price: string;
    line: string | null;
    marketVersion: number;
    label: string;
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
    status?: string;
    eventId?: number;
    beforeId?: number;
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
    status: string;
    refusal: string | null;
    live: boolean;
    placed_at: Date;
    settled_return: number | null;
  }>(
    db,
    sql`select b.* from sb_bets b
        where true ${q.betId ? sql`and b.id = ${q.betId}` : sql``} ${q.playerId ? sql`and b.player_id = ${q.playerId}` : sql``}
          ${q.status ? sql`and b.status = ${q.status}` : sql``}
          ${q.eventId ? sql`and b.id in (select bet_id from sb_bet_legs where event_id = ${q.eventId})` : sql``}
          ${q.beforeId ? sql`and b.id < ${q.beforeId}` : sql``}
        order by b.id desc limit ${limit}`,
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
  }>(db, sql`select * from sb_bet_legs where bet_id = any(${intArray(ids)}::int8[]) order by bet_id, idx`);
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
    status: b.status,
    refusal: b.refusal,
    live: b.live,
    placedAt: new Date(b.placed_at).toISOString(),
    settledReturn: b.settled_return,
    legs: legs
      .filter((l) => Number(l.bet_id) === Number(b.id))
      .map((l) => ({
        selectionId: Number(l.selection_id),
        marketId: Number(l.market_id),
        eventId: Number(l.event_id),
        price: `${l.price_num}/${l.price_den}`,
        line: l.line,
        marketVersion: l.market_version,
        label: l.label,
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
        proof: s.proof,
      })),
  }));
}
