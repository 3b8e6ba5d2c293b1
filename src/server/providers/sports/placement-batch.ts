import { type Db, preparedRows } from '../../db/client.ts';
import { sportsPlacementBatchSize } from '../../metrics/process-metrics.ts';
import { type Batcher, createBatcher } from '../../modules/games/wallet/batcher.ts';
import type { WalletAnswer } from './sports-wallet.ts';

/**
 * A stake's wallet call as the book's own transaction makes it (sql/sb_place_batch.sql), for a wallet
 * in this database: the provider, the launch token's hash, the login session's idle limit, and the
 * token itself (the call's body hash covers it). The bet's id, unknown until it is taken, completes it.
 */
export interface StakeInBook {
  p: string;
  t: string;
  i: number;
  tok: string;
}

/** One slip for sb_place_batch: sb_take_bet's arguments (int8s as text) and its stake's call. */
export interface SlipToPlace {
  s: string[];
  c: string;
  x: unknown;
  ho: string[];
  ce: (number | null)[];
  e: number;
  b: Record<string, unknown>;
  l: Record<string, unknown>[];
  w: StakeInBook;
}

/**
 * What became of a slip: its checks no longer held ('recheck'), or its bet was taken, and the wallet
 * answered its stake (r; a bet whose stake was taken is open) or its call raised (e, m: the bet is
 * pending, its stake not taken).
 */
export type SlipOutcome =
  | { s: 'recheck' }
  | { s: 'taken'; id: number; r?: WalletAnswer; e?: string; m?: string };

const BATCH_SQL = 'select sb_place_batch($1::jsonb) as r';

/**
 * At most one batch in flight: every placement of a busy event locks its market, so a second batch
 * would only wait for the first. 16 slips at most: their stakes are one wallet batch (at most 32
 * calls, wallet.batch.ts), and a failed batch runs again slip by slip.
 */
const OPTIONS = { maxInFlight: 1, maxBatch: 16, retryAlone: true };

const batchers = new WeakMap<Db, Batcher<SlipToPlace, SlipOutcome>>();

/**
 * Takes, charges and opens a slip together with the others arriving at the same time: one
 * transaction and one round trip for the lot (group commit, as the wallet's own batches). A batch that
 * fails as a whole (a slip's request id used already, a deadlock) changed nothing and is run again
 * slip by slip, so only the slip that caused it gets the error.
 */
export function placeTogether(db: Db, slip: SlipToPlace): Promise<SlipOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher(async (slips: SlipToPlace[]) => {
      sportsPlacementBatchSize.observe(slips.length);
      const [row] = await preparedRows<{ r: SlipOutcome[] }>(db, 'sb_place_batch', BATCH_SQL, [
        JSON.stringify(slips),
      ]);
      // The bet's id is an int8: JSON gives it as a number, exact below 2^53.
      return row!.r.map((value) => ({ ok: true as const, value }));
    }, OPTIONS);
    batchers.set(db, batcher);
  }
  return batcher.submit(slip);
}
