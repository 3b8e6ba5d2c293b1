import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { roundOf } from './bets.service.ts';
import type { SportsWallet, WalletAnswer } from './sports-wallet.ts';
import { intArray } from './sql-array.ts';

const WORKERS = 64;

interface Unpaid {
  id: number;
  bet_id: number;
  kind: string;
  amount: number;
  reason: string | null;
  wallet_tx_id: string;
  wallet_op: 'win' | 'rollback' | 'unsettle' | 'resettle';
  ref_tx_id: string | null;
}

/**
 * Whether the wallet's answer means the step is applied, now or before. A rollback answered
 * bet_not_found or nothing_to_refund means the stake was never taken: nothing is left to give back.
 */
const applied = (a: WalletAnswer) => a.status === 'success';

function send(wallet: SportsWallet, s: Unpaid): Promise<WalletAnswer> {
  const roundId = roundOf(s.bet_id);
  const reason = s.reason ?? s.kind;
  switch (s.wallet_op) {
    case 'win':
      return wallet.win({ txId: s.wallet_tx_id, roundId, amount: s.amount });
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
 * Sends settlement steps the wallet has not confirmed, oldest first; a bet's later step waits for its
 * earlier one. Safe to run from several places at once: every call carries its own transaction id.
 */
export async function flushWallet(
  db: Db,
  wallet: SportsWallet,
  betIds?: number[],
): Promise<{ sent: number; failed: number }> {
  const rows = await queryRows<Unpaid>(
    db,
    sql`select id, bet_id, kind, amount, reason, wallet_tx_id, wallet_op, ref_tx_id from sb_settlements
        where not paid ${betIds ? sql`and bet_id = any(${intArray(betIds)}::int8[])` : sql``} order by id limit 2000`,
  );
  const byBet = new Map<number, Unpaid[]>();
  for (const r of rows) byBet.set(Number(r.bet_id), [...(byBet.get(Number(r.bet_id)) ?? []), r]);
  const queue = [...byBet.values()];
  let failed = 0;
  const paid: number[] = [];
  // Many bets at a time (the wallet commits concurrent calls together); each bet's steps in order.
  const worker = async () => {
    for (let steps = queue.shift(); steps; steps = queue.shift()) {
      for (const s of steps) {
        const answer = await send(wallet, s).catch((): WalletAnswer => ({ status: 'error' }));
        if (!applied(answer)) {
          failed++;
          break;
        }
        paid.push(Number(s.id));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: WORKERS }, worker));
  } finally {
    // Marked in one statement: a step answered but not marked (a crash just now) is sent again, and
    // the wallet answers its repeat with the stored reply.
    for (let i = 0; i < paid.length; i += 1000)
      await db.execute(
        sql`update sb_settlements set paid = true where id = any(${intArray(paid.slice(i, i + 1000))}::int8[])`,
      );
  }
  return { sent: paid.length, failed };
}
