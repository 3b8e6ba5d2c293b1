import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { sportsClock } from './clock.ts';
import { bookSettings } from './settings.ts';
import type { Actor } from './settlement.service.ts';
import type { DESK_PROPOSAL_KINDS } from './sports.schema.ts';

/**
 * The record of desk actions waiting for a second operator (`sb_desk_proposals`): written where an
 * operator's action would move money already settled while the book asks for a second operator
 * (`confirmResults`), decided by another operator (desk-proposals.ts). Nothing here moves money.
 */
export type ProposalKind = (typeof DESK_PROPOSAL_KINDS)[number];

/** Writes an entry of the hash-chained audit log in the transaction that records the proposal or its decision. */
export type ProposalAudit = (
  tx: Tx,
  entry: { action: string; target: string; after: unknown },
) => Promise<void>;

/** An operator's desk action: who and why, and how a proposal it becomes is audited. */
export interface DeskActor extends Actor {
  audit?: ProposalAudit;
}

/** An operator's action waits for a second operator where the book asks for one; a feed's never does. */
export async function asksSecondOperator(tx: DbOrTx, operatorId: number | null | undefined) {
  return operatorId != null && (await bookSettings(tx)).confirmResults;
}

/**
 * Whether any of these bets has money settled or at stake in play: not open, a settlement or cash-out
 * step recorded, a leg with a result, or a leg's event under way (its losing bets known). The bets' rows
 * are locked first (in id order, as a settlement page locks them), so none settles before the caller's
 * void is written.
 */
export async function betsPastTheStart(tx: Tx, betIds: readonly number[]): Promise<boolean> {
  if (betIds.length === 0) return false;
  const ids = intArray([...betIds]);
  await tx.execute(sql`select id from sb_bets where id = any(${ids}::int8[]) order by id for update`);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select b.id from sb_bets b where b.id = any(${ids}::int8[]) and (b.status <> 'open'
          or exists (select 1 from sb_settlements s where s.bet_id = b.id)
          or exists (select 1 from sb_bet_legs l join sb_markets m on m.id = l.market_id
                     join sb_events e on e.id = l.event_id
                     where l.bet_id = b.id and (m.result_state <> 'none' or e.status not in ('scheduled', 'postponed')
                       or e.starts_at <= ${sportsClock.now()})))
        limit 1`,
  );
  return rows.length > 0;
}

export interface NewProposal {
  kind: ProposalKind;
  target: string;
  marketId?: number;
  betId?: number;
  eventId?: number;
  detail?: Record<string, unknown>;
}

/** Records a proposal and its audit entry; answers its id, or a refusal where the same one already waits. */
export async function proposeIn(tx: Tx, p: NewProposal, by: DeskActor): Promise<number | string> {
  const reason = by.reason ?? '';
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sb_desk_proposals (kind, target, market_id, bet_id, event_id, detail, reason, proposed_by)
        values (${p.kind}, ${p.target}, ${p.marketId ?? null}, ${p.betId ?? null}, ${p.eventId ?? null},
          ${JSON.stringify(p.detail ?? {})}::jsonb, ${reason}, ${by.operatorId ?? 0})
        on conflict do nothing returning id`,
  );
  if (!row) return `the same ${p.kind.replace('_', ' ')} already waits for a second operator`;
  const id = Number(row.id);
  await by.audit?.(tx, {
    action: 'sports.proposal',
    target: `sb-proposal:${id}`,
    after: { kind: p.kind, on: p.target, reason, ...p.detail },
  });
  return id;
}

export interface ProposalRow {
  id: number;
  kind: ProposalKind;
  target: string;
  market_id: number | null;
  bet_id: number | null;
  event_id: number | null;
  detail: Record<string, unknown>;
  reason: string;
  proposed_by: number;
  created_at: Date | string;
}

/** Locks a proposal still waiting, for its decision. */
export async function waitingProposalIn(tx: Tx, id: number): Promise<ProposalRow | undefined> {
  const [row] = await queryRows<ProposalRow>(
    tx,
    sql`select id, kind, target, market_id, bet_id, event_id, detail, reason, proposed_by, created_at
        from sb_desk_proposals where id = ${id} and decided_at is null for update`,
  );
  return row && { ...row, id: Number(row.id), proposed_by: Number(row.proposed_by) };
}

export async function decideIn(
  tx: Tx,
  id: number,
  decision: 'confirmed' | 'rejected',
  operatorId: number,
): Promise<void> {
  await tx.execute(
    sql`update sb_desk_proposals set decision = ${decision}, decided_by = ${operatorId}, decided_at = now()
        where id = ${id} and decided_at is null`,
  );
}

/** The proposals waiting, oldest first, with the event and market they act on (the desk lists them). */
export async function waitingProposals(db: DbOrTx) {
  const rows = await queryRows<ProposalRow & { event_name: string | null; market_name: string | null }>(
    db,
    sql`select p.id, p.kind, p.target, p.market_id, p.bet_id, p.event_id, p.detail, p.reason, p.proposed_by,
          p.created_at, e.name as event_name, m.name as market_name
        from sb_desk_proposals p
        left join sb_markets m on m.id = p.market_id
        left join sb_events e on e.id = coalesce(p.event_id, m.event_id)
        where p.decided_at is null order by p.id limit 200`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    target: r.target,
    marketId: r.market_id === null ? null : Number(r.market_id),
    betId: r.bet_id === null ? null : Number(r.bet_id),
    eventId: r.event_id === null ? null : Number(r.event_id),
    eventName: r.event_name,
    marketName: r.market_name,
    detail: r.detail,
    reason: r.reason,
    proposedBy: Number(r.proposed_by),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
