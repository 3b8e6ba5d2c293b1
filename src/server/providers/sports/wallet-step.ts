import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { roundOf } from './bets.service.ts';
import type { SportsWallet, WalletAnswer } from './sports-wallet.ts';

/** A settlement step the wallet has not confirmed yet (sb_settlements where not paid). */
export interface UnpaidStep {
  id: number;
  bet_id: number;
  kind: string;
  amount: number;
  reason: string | null;
  wallet_tx_id: string;
  wallet_op: 'win' | 'rollback' | 'unsettle' | 'resettle' | 'cashout';
  ref_tx_id: string | null;
}

/** A settlement step as it is recorded, before its wallet call (sendStep) is made. */
export interface NewStep {
  bet_id: number;
  seq: number;
  kind: string;
  amount: number;
  proof: unknown;
  reason: string | null;
  operator_id: number | null;
  wallet_tx_id: string;
  wallet_op: UnpaidStep['wallet_op'];
  ref_tx_id: string | null;
}

/** A step's wallet transaction id: the bet's round and the step's number, so each step is applied once. */
export const stepTxId = (betId: number, seq: number) => `${roundOf(betId)}-${seq}`;

/**
 * Records settlement steps (the one writer of sb_settlements): a settlement, a cash-out, a cash-out
 * taken back or given back. Each is unpaid until its wallet call answers (unpaidSteps, sendStep).
 */
export async function recordSteps(tx: Tx, steps: readonly NewStep[]): Promise<void> {
  if (steps.length === 0) return;
  const rows = steps.map((s) => ({
    bet_id: s.bet_id,
    seq: s.seq,
    kind: s.kind,
    amount: s.amount,
    proof: s.proof,
    reason: s.reason,
    operator_id: s.operator_id,
    wallet_tx_id: s.wallet_tx_id,
    wallet_op: s.wallet_op,
    ref_tx_id: s.ref_tx_id,
  }));
  await tx.execute(
    sql`insert into sb_settlements (bet_id, seq, kind, amount, proof, reason, operator_id, wallet_tx_id, wallet_op, ref_tx_id)
        select bet_id, seq, kind, amount, proof, reason, operator_id, wallet_tx_id, wallet_op, ref_tx_id
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(bet_id int8, seq int, kind text, amount int8,
          proof jsonb, reason text, operator_id int8, wallet_tx_id text, wallet_op text, ref_tx_id text)`,
  );
}

/** Whether a settlement step's wallet call paid the bet out (a win or a resettle): a payment in force. */
export const paysOut = (walletOp: string | undefined) => walletOp === 'win' || walletOp === 'resettle';

/** The wallet call that carries a step, under the step's own transaction id. */
export function sendStep(wallet: SportsWallet, s: UnpaidStep): Promise<WalletAnswer> {
  const roundId = roundOf(s.bet_id);
  const reason = s.reason ?? s.kind;
  switch (s.wallet_op) {
    case 'win':
      return wallet.win({ txId: s.wallet_tx_id, roundId, amount: s.amount });
    case 'cashout':
      return wallet.cashout({ txId: s.wallet_tx_id, roundId, amount: s.amount });
    case 'rollback':
      return wallet.rollback({ txId: s.wallet_tx_id, refTxId: s.ref_tx_id! });
    case 'unsettle':
      return wallet.unsettle({ txId: s.wallet_tx_id, roundId, refTxId: s.ref_tx_id!, reason });
    case 'resettle':
      return wallet.resettle({
        txId: s.wallet_tx_id,
        roundId,
        refTxId: s.ref_tx_id!,
        reason,
        amount: s.amount,
      });
  }
}

/**
 * Unpaid steps grouped by bet, each bet's oldest first (a later step waits for its earlier one): of
 * the given bets, or the oldest `limit` of all; only those recorded before `recordedBefore` if given.
 */
export async function unpaidSteps(
  db: Db,
  opts: { betIds?: number[]; limit?: number; recordedBefore?: Date } = {},
): Promise<UnpaidStep[][]> {
  const { betIds, recordedBefore } = opts;
  const rows = await queryRows<UnpaidStep>(
    db,
    sql`select id, bet_id, kind, amount, reason, wallet_tx_id, wallet_op, ref_tx_id from sb_settlements
        where not paid ${betIds ? sql`and bet_id = any(${intArray(betIds)}::int8[])` : sql``}
          ${recordedBefore ? sql`and created_at < ${recordedBefore}` : sql``}
        order by id limit ${opts.limit ?? 2000}`,
  );
  const byBet = new Map<number, UnpaidStep[]>();
  for (const r of rows) {
    const id = Number(r.bet_id);
    const steps = byBet.get(id);
    if (steps) steps.push(r);
    else byBet.set(id, [r]);
  }
  return [...byBet.values()];
}
