import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';

/**
 * Records money a member owes beyond what their cash held, outside a wallet round: a payment provider's
 * reversal of a deposit already spent (cashier/payments/deposit-reversal.ts). The same three records
 * wallet_take_back keeps for a correction (sql/wallet_take_back.sql): the member's total (wallet_debts),
 * the debt of its "round" (here the deposit, so a collection and a write-off treat it like any other)
 * and the entry the back office lists. Collected, written off and refused-while-owing like every debt.
 * The caller holds the member's cash lock (the lock every change of the debt takes first).
 */
export async function incurDebt(
  tx: Tx,
  debt: { memberId: number; provider: string; roundId: string; txId: string; amount: number },
): Promise<void> {
  if (debt.amount <= 0) return;
  const { memberId, provider, roundId, txId, amount } = debt;
  await queryRows(
    tx,
    sql`insert into wallet_debts (member_id, amount) values (${memberId}, ${amount})
        on conflict (member_id) do update set amount = wallet_debts.amount + excluded.amount, updated_at = now()`,
  );
  await queryRows(
    tx,
    sql`insert into wallet_round_debts as r (provider, round_id, member_id, owed)
        values (${provider}, ${roundId}, ${memberId}, ${amount})
        on conflict (provider, round_id) do update set owed = r.owed + excluded.owed, updated_at = now(),
          opened_at = case when r.owed = 0 then now() else r.opened_at end`,
  );
  await queryRows(
    tx,
    sql`insert into wallet_debt_entries (member_id, amount, provider, round_id, tx_id)
        values (${memberId}, ${amount}, ${provider}, ${roundId}, ${txId})`,
  );
}
