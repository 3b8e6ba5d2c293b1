import type { Config } from '../../../config.ts';
import { type Db, preparedRows } from '../../../db/client.ts';
import { sqlStateOf, undoneByRace } from '../../../db/sql-state.ts';
import { notifyLive } from '../../live/live.notify.ts';
import { hashGameToken } from '../launch.service.ts';
import { sessionPlayer } from './player-reads.ts';
import { batchedWalletCall, type WalletReply } from './wallet.batch.ts';

export type { WalletReply };

/**
 * The call's transaction id was recorded before (its ledger key or its wallet row already exists):
 * the database undid the call, and the stored reply stands.
 */
const SEEN_BEFORE = new Set(['WR001', '23505']);
/** A member balance would go below zero: only a concurrent debit gets past the bet's own check. */
const OVERDRAFT = '23514';

export async function reply(db: Db, name: string, text: string, values: unknown[]): Promise<WalletReply> {
  const [row] = await preparedRows<{ r: WalletReply }>(db, name, text, values);
  return row!.r;
}

/**
 * Runs one wallet call: a database function (migration 0002) run with the calls arriving at the same
 * time in one transaction (wallet_batch, migrations 0005 and 0008), each in its own subtransaction. A repeat is
 * undone by the database and answered with the stored reply.
 */
export async function walletCall(
  db: Db,
  ids: { provider: string; txId: string; kind: string; hash: string },
  call: () => Promise<WalletReply>,
  onOverdraft?: () => Promise<WalletReply>,
): Promise<WalletReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const code = sqlStateOf(error);
      if (code && SEEN_BEFORE.has(code)) {
        const stored = await reply(
          db,
          'wallet_stored_reply',
          'select wallet_stored_reply($1, $2, $3, $4) as r',
          [ids.provider, ids.txId, ids.kind, ids.hash],
        );
        if (stored) return stored;
        // Not our transaction id: a real conflict, retried like a serialization failure.
        if (attempt >= 5) throw error;
        continue;
      }
      if (code === OVERDRAFT && onOverdraft) return walletCall(db, ids, onOverdraft);
      // A serialization failure or deadlock undid the whole call: it is then safe to run it again.
      if (!undoneByRace(code) || attempt >= 5) throw error;
    }
  }
}

export async function walletBet(
  db: Db,
  config: Config,
  provider: string,
  hash: string,
  req: { txId: string; roundId: string; token: string; amount: number },
): Promise<WalletReply> {
  const tokenHash = hashGameToken(req.token);
  return walletCall(
    db,
    { provider, txId: req.txId, kind: 'bet', hash },
    () =>
      batchedWalletCall(db, {
        k: 'bet',
        p: provider,
        tx: req.txId,
        h: hash,
        r: req.roundId,
        t: tokenHash,
        a: req.amount,
        i: config.sessionIdleMs,
      }),
    () =>
      reply(db, 'wallet_refuse_bet', 'select wallet_refuse_bet($1, $2, $3, $4, $5, $6::int8) as r', [
        provider,
        req.txId,
        hash,
        req.roundId,
        tokenHash,
        req.amount,
      ]),
  );
}

export async function walletWin(
  db: Db,
  provider: string,
  hash: string,
  req: { txId: string; roundId: string; amount: number; closeRound: boolean },
): Promise<WalletReply> {
  return walletCall(db, { provider, txId: req.txId, kind: 'win', hash }, () =>
    batchedWalletCall(db, {
      k: 'win',
      p: provider,
      tx: req.txId,
      h: hash,
      r: req.roundId,
      a: req.amount,
      c: req.closeRound,
    }),
  );
}

export async function walletRollback(
  db: Db,
  provider: string,
  hash: string,
  req: { txId: string; refTxId: string },
): Promise<WalletReply> {
  return walletCall(db, { provider, txId: req.txId, kind: 'rollback', hash }, () =>
    batchedWalletCall(db, { k: 'rollback', p: provider, tx: req.txId, h: hash, ref: req.refTxId }),
  );
}

/**
 * A jackpot award (wallet_jackpot, modules/jackpot/sql): not batched, being rare and taking every
 * pool shard's lock; a repeat of its transaction id gets the first reply.
 */
export async function walletJackpot(
  db: Db,
  provider: string,
  hash: string,
  req: { txId: string; roundId: string },
): Promise<WalletReply> {
  const answer = await walletCall(db, { provider, txId: req.txId, kind: 'jackpot', hash }, () =>
    reply(db, 'wallet_jackpot', 'select wallet_jackpot($1, $2, $3, $4) as r', [
      provider,
      req.txId,
      hash,
      req.roundId,
    ]),
  );
  // Every page showing the pool hears at once that it was paid and reseeded (live.notify.ts).
  await notifyLive(db, { k: 'jackpot' }).catch(() => undefined);
  return answer;
}

/**
 * Who a game session belongs to and their cash balance (authenticate and balance calls), in the
 * currency of their account (their site's): every amount of the session's calls is in it.
 */
export async function walletPlayer(
  db: Db,
  provider: string,
  token: string,
  idleMs: number,
): Promise<WalletReply> {
  const row = await sessionPlayer(db, { tokenHash: hashGameToken(token), provider, idleMs });
  if (!row) return { status: 'session_expired', message: 'unknown game session' };
  // The same rule as a bet's: a game token lives only as long as the login it was launched from.
  if (!row.live) return { status: 'session_expired', message: "the player's session has ended" };
  return { status: 'success', playerId: String(row.member_id), balance: row.balance, currency: row.currency };
}
