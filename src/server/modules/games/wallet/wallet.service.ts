import { sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import { type Db, preparedRows, queryRows } from '../../../db/client.ts';
import { hashGameToken } from '../launch.service.ts';

export type WalletReply = { status: string; [field: string]: unknown };

/**
 * Each money operation is one call of a database function (migration 0006): one round trip and
 * one transaction that claims the transaction id, checks the session and round, and moves money
 * through ledger_transfer. Prepared by name, so PostgreSQL plans each once per connection.
 */
export async function walletBet(
  db: Db,
  config: Config,
  provider: string,
  hash: string,
  req: { txId: string; roundId: string; token: string; amount: number },
): Promise<WalletReply> {
  const [row] = await preparedRows<{ r: WalletReply }>(
    db,
    'wallet_bet',
    'select wallet_bet($1, $2, $3, $4, $5, $6::int8, $7::int8) as r',
    [provider, req.txId, hash, req.roundId, hashGameToken(req.token), req.amount, config.sessionIdleMs],
  );
  return row!.r;
}

export async function walletWin(
  db: Db,
  provider: string,
  hash: string,
  req: { txId: string; roundId: string; amount: number; closeRound: boolean },
): Promise<WalletReply> {
  const [row] = await preparedRows<{ r: WalletReply }>(
    db,
    'wallet_win',
    'select wallet_win($1, $2, $3, $4, $5::int8, $6) as r',
    [provider, req.txId, hash, req.roundId, req.amount, req.closeRound],
  );
  return row!.r;
}

export async function walletRollback(
  db: Db,
  provider: string,
  hash: string,
  req: { txId: string; refTxId: string },
): Promise<WalletReply> {
  const [row] = await preparedRows<{ r: WalletReply }>(
    db,
    'wallet_rollback',
    'select wallet_rollback($1, $2, $3, $4) as r',
    [provider, req.txId, hash, req.refTxId],
  );
  return row!.r;
}

/** Who a game session belongs to and their cash balance (authenticate and balance calls). */
export async function walletPlayer(
  db: Db,
  provider: string,
  token: string,
  currency: string,
): Promise<WalletReply> {
  const [row] = await queryRows<{ member_id: number; balance: number; status: string }>(
    db,
    sql`select g.member_id, a.balance, m.status from game_sessions g
        join members m on m.id = g.member_id
        join ledger_accounts a on a.member_id = g.member_id and a.kind = 'cash'
        where g.token_hash = ${hashGameToken(token)} and g.provider = ${provider}`,
  );
  if (!row) return { status: 'session_expired', message: 'unknown game session' };
  return { status: 'success', playerId: String(row.member_id), balance: row.balance, currency };
}
