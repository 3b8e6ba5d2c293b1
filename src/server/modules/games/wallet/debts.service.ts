import { sql } from 'drizzle-orm';
import { formatNumber } from '../../../../shared/format.ts';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import { lockMemberCash } from '../../ledger/ledger.service.ts';

/** The ways cash leaves a member for somewhere it can be taken out of the site. */
export type CashExit = 'withdrawal' | 'vault' | 'payout';

const REFUSED: Record<CashExit, string> = {
  withdrawal: 'a withdrawal',
  vault: 'a move to the vault',
  payout: 'paying out a withdrawal',
};

/**
 * The debt comes first: while a member owes anything (wallet_debts, left by a correction that took
 * back money already spent), no money leaves for where it can be taken out of the site: a withdrawal's
 * hold, its payout by the cashier, a move to the vault. Every such path (the member API, /public/ and
 * the back office alike) calls this in the transaction that moves the money, so a refusal moves
 * nothing; the refusal (409 `debt`, msg3041) names what is owed in `owed`.
 *
 * Refused rather than collected from the cash: debts are collected only from the wallet's own credits
 * (wallet_collect_debt, a later win or resettle), and a refusal moves no money the member did not ask
 * to move. The member's cash row is locked first, as wallet_take_back's caller holds it while it
 * records a debt: a correction committed before is seen, and one that comes later waits for this
 * transaction, so no debt can slip in between the check and the move.
 */
export async function refuseWhileOwing(tx: Tx, memberId: number, exit: CashExit): Promise<void> {
  await lockMemberCash(tx, memberId);
  const [row] = await queryRows<{ amount: number }>(
    tx,
    sql`select amount from wallet_debts where member_id = ${memberId} and amount > 0`,
  );
  const owed = Number(row?.amount ?? 0);
  if (owed > 0) {
    throw errors.owing(
      `the member owes ${formatNumber(owed, 'en')} after a settlement correction: ${REFUSED[exit]} is refused until later winnings repay it`,
      owed,
    );
  }
}

/**
 * What a member owes after corrections (wallet_debts) and its latest changes, newest first: the
 * back office's member page shows it (SPORTSBOOK.md §3).
 */
export async function memberDebt(db: DbOrTx, memberId: number, limit: number) {
  const [owed, entries] = await Promise.all([
    queryRows<{ amount: number }>(db, sql`select amount from wallet_debts where member_id = ${memberId}`),
    queryRows<{
      id: number;
      amount: number;
      provider: string;
      round_id: string;
      tx_id: string;
      created_at: Date;
    }>(
      db,
      sql`select id, amount, provider, round_id, tx_id, created_at from wallet_debt_entries
          where member_id = ${memberId} order by id desc limit ${limit}`,
    ),
  ]);
  return {
    owed: Number(owed[0]?.amount ?? 0),
    entries: entries.map((e) => ({
      id: Number(e.id),
      amount: Number(e.amount),
      provider: e.provider,
      roundId: e.round_id,
      txId: e.tx_id,
      createdAt: new Date(e.created_at).toISOString(),
    })),
  };
}
