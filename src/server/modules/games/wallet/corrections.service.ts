import type { Db } from '../../../db/client.ts';
import { reply, type WalletReply, walletCall } from './wallet.service.ts';

/**
 * The wallet's correction operations (the sportsbook's unsettle and resettle, SPORTSBOOK.md §3):
 * wallet_correct (sql/wallet_correct.sql), posting only through ledger_move. Signed and idempotent
 * like every wallet call: a repeat gets the stored reply, the same transaction id with another body
 * `duplicate`, a second correction of one settlement `already_corrected`. Not batched: corrections are
 * rare, and each locks its round and its settlement.
 */
export interface CorrectionRequest {
  txId: string;
  roundId: string;
  refTxId: string;
  reason: string;
}

function correct(
  db: Db,
  kind: 'unsettle' | 'resettle',
  provider: string,
  hash: string,
  req: CorrectionRequest & { amount?: number },
): Promise<WalletReply> {
  return walletCall(db, { provider, txId: req.txId, kind, hash }, () =>
    reply(db, 'wallet_correct', 'select wallet_correct($1, $2, $3, $4, $5, $6, $7::int8, $8) as r', [
      kind,
      provider,
      req.txId,
      hash,
      req.roundId,
      req.refTxId,
      req.amount ?? null,
      req.reason,
    ]),
  );
}

/** Takes a settlement back: its amount leaves the member's cash (the rest becomes a debt); the round reopens. */
export const walletUnsettle = (db: Db, provider: string, hash: string, req: CorrectionRequest) =>
  correct(db, 'unsettle', provider, hash, req);

/** Replaces a settlement's amount: the difference is paid (debts first) or taken back (as above). */
export const walletResettle = (
  db: Db,
  provider: string,
  hash: string,
  req: CorrectionRequest & { amount: number },
) => correct(db, 'resettle', provider, hash, req);
