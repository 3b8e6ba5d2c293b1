import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';

/**
 * Records money a member owes beyond what their cash held, outside a wallet round: a payment provider's
 * reversal of a deposit already spent (cashier/payments/deposit-reversal.ts). The same records a
 * correction's debt keeps (sql/wallet_incur_debt.sql, their one home): here the deposit is the "round",
 * so a collection and a write-off treat it like any other. Collected, written off and refused while
 * owing like every debt. The caller holds the member's cash lock (the lock every change of the debt takes first).
 */
export async function incurDebt(
  tx: Tx,
  debt: { memberId: number; provider: string; roundId: string; txId: string; amount: number },
): Promise<void> {
  const { memberId, provider, roundId, txId, amount } = debt;
  if (amount <= 0) return;
  await queryRows(
    tx,
    sql`select wallet_incur_debt(${memberId}, ${provider}, ${roundId}, ${txId}, ${amount}::int8)`,
  );
}
