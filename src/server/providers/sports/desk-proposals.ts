import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cancelBetIn, rollbackLegVoidsIn, termsPrice, voidWindowIn, windowProblem } from './leg-voids.ts';
import { decideIn, type ProposalAudit, type ProposalRow, waitingProposalIn } from './proposals-store.ts';
import { unsettleMarketIn, voidMarketIn } from './results.service.ts';
import { requestRun, workRun } from './settlement-runs.ts';
import type { SportsWallet } from './sports-wallet.ts';

/**
 * The second operator's decision on a desk action that waits (proposals-store.ts): confirmed, it is
 * done then, as the proposer asked, with the settlement run it needs; rejected (or withdrawn by its
 * proposer), nothing moves. The one who proposed it cannot confirm it. Each decision is written to the
 * audit log in the transaction that records it.
 */
export type ProposalAnswer =
  | { ok: true; kind: ProposalRow['kind']; settled: number }
  | { ok: false; reason: string };

/** Does what the proposal asks within the caller's transaction: the run it asked for, or a refusal. */
async function carryOut(tx: Tx, p: ProposalRow, confirmer: number): Promise<number | undefined | string> {
  const how = { operatorId: confirmer, reason: p.reason };
  switch (p.kind) {
    case 'unsettle': {
      const run = await unsettleMarketIn(tx, p.market_id!, how);
      return typeof run === 'string' ? run : requestRun(tx, run);
    }
    case 'void': {
      const source = typeof p.detail.source === 'string' ? p.detail.source : 'desk';
      const run = await voidMarketIn(tx, p.market_id!, { ...how, source, operatorId: p.proposed_by });
      if (typeof run === 'string') return run;
      await tx.execute(
        sql`update sb_markets set result_confirmed_by = ${confirmer} where id = ${p.market_id}`,
      );
      // The market names its proposer as the one who entered the void; its bets' steps, the confirmer.
      return requestRun(tx, { ...run, actor: how });
    }
    case 'cancel_bet': {
      const done = await cancelBetIn(tx, p.bet_id!, how);
      return done.bets.length === 0 ? `bet ${p.bet_id} has no leg left to void` : done.runId;
    }
    case 'cancel_window': {
      const d = p.detail;
      const target = {
        eventId: p.event_id ?? undefined,
        marketId: typeof d.marketId === 'number' ? d.marketId : undefined,
        selectionId: typeof d.selectionId === 'number' ? d.selectionId : undefined,
      };
      const window = { ...how, correctedPrice: termsPrice(d.correctedPrice) };
      const from = new Date(String(d.from));
      // The window's reach is counted from its confirmation: a proposal left too long is refused.
      const problem = await windowProblem(tx, target, from, window);
      if (problem) return problem;
      const done = await voidWindowIn(tx, target, from, new Date(String(d.to)), window, 'desk_window');
      return done.runId;
    }
    case 'rollback_cancel': {
      // The desk's window voids on the market in the window count again, as they stand at confirmation.
      const window = [new Date(String(p.detail.from)), new Date(String(p.detail.to))] as const;
      const done = await rollbackLegVoidsIn(tx, { marketId: p.market_id! }, ...window, how, 'desk_window');
      return done.runId;
    }
  }
}

const decided = (p: ProposalRow, extra: object = {}) => ({
  kind: p.kind,
  on: p.target,
  reason: p.reason,
  proposedBy: p.proposed_by,
  ...extra,
});

/** Another operator confirms a proposal: it is done, and the bets it touches settle. */
export async function confirmProposal(
  db: Db,
  wallet: SportsWallet,
  id: number,
  operatorId: number,
  audit?: ProposalAudit,
): Promise<ProposalAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const p = await waitingProposalIn(tx, id);
    if (!p) return `no proposal ${id} waits for a decision`;
    if (p.proposed_by === operatorId)
      return 'the operator who proposed it cannot confirm it: a second operator must';
    const run = await carryOut(tx, p, operatorId);
    if (typeof run === 'string') return run;
    await decideIn(tx, id, 'confirmed', operatorId);
    await audit?.(tx, { action: 'sports.proposal.confirm', target: `sb-proposal:${id}`, after: decided(p) });
    return { kind: p.kind, run };
  });
  if (typeof outcome === 'string') return { ok: false, reason: outcome };
  const settled = outcome.run ? ((await workRun(db, wallet, outcome.run)) ?? 0) : 0;
  return { ok: true, kind: outcome.kind, settled };
}

/** An operator rejects a proposal (its proposer withdraws it): nothing moves. */
export async function rejectProposal(
  db: Db,
  id: number,
  operatorId: number,
  audit?: ProposalAudit,
): Promise<ProposalAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const p = await waitingProposalIn(tx, id);
    if (!p) return `no proposal ${id} waits for a decision`;
    await decideIn(tx, id, 'rejected', operatorId);
    await audit?.(tx, {
      action: 'sports.proposal.reject',
      target: `sb-proposal:${id}`,
      after: decided(p, { withdrawn: p.proposed_by === operatorId }),
    });
    return { kind: p.kind };
  });
  return typeof outcome === 'string' ? { ok: false, reason: outcome } : { ok: true, ...outcome, settled: 0 };
}
