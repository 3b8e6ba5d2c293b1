import { batcherPer, createBatcher, eachOk } from '../../db/batcher.ts';
import { type Db, preparedRows } from '../../db/client.ts';
import { sportsPlacementBatchSize, sportsStakeBatchSize } from '../../metrics/process-metrics.ts';
import type { WalletAnswer } from './sports-wallet.ts';

/**
 * A stake's wallet call as the book's own transaction makes it (sql/sb_stake_batch.sql), for a wallet
 * in this database: the provider, the launch token's hash, the login session's idle limit, and the
 * token itself (the call's body hash covers it). The bet's id and stake complete it.
 */
export interface StakeInBook {
  p: string;
  t: string;
  i: number;
  tok: string;
}

/**
 * One slip for sb_take_batch (int8s as text; the fields its header names), and f: whether its commit may
 * leave the flush to its stake's (placement.service.ts flushLater).
 */
export interface SlipToTake {
  f: boolean;
  s: string[];
  c: string;
  x: unknown;
  ho: string[];
  ce: (number | null)[];
  e: number;
  b: Record<string, unknown>;
  l: Record<string, unknown>[];
  /** Each selection's maximum stake for the member (null: none), as s, checked again under the locks. */
  ms: (number | null)[];
}

/**
 * The wallet's answer to a stake (r) and, when it was taken, whether its bet opened (o: false when the
 * bet was no longer pending); or the error its call raised (e, m).
 */
export type StakeOutcome = { r?: WalletAnswer; o?: boolean; e?: string; m?: string };

/**
 * Two batches, one after the other for a slip, each at most one in flight: a take holds its markets'
 * locks (every placement on a busy event waits for them), a stake the wallet's house shards'. While
 * one batch's stakes are charged the next batch's bets are taken: the two critical sections overlap
 * instead of adding up (bench:sportsbook). 16 slips at most: a batch's stakes are one wallet batch (at
 * most 32 calls, wallet.batch.ts), and a batch that fails as a whole runs again slip by slip.
 */
const OPTIONS = { maxInFlight: 1, maxBatch: 16, retryAlone: true };

/** Runs one batch function on its JSON argument: its answer, one element per item. */
async function runBatch<O>(db: Db, name: string, items: unknown[]): Promise<O[]> {
  const [row] = await preparedRows<{ r: O[] }>(db, name, `select ${name}($1::jsonb) as r`, [
    JSON.stringify(items),
  ]);
  return row!.r;
}

const takes = batcherPer((db: Db) =>
  createBatcher(async (slips: SlipToTake[]) => {
    sportsPlacementBatchSize.observe(slips.length);
    return eachOk(await runBatch<number | null>(db, 'sb_take_batch', slips));
  }, OPTIONS),
);

const stakes = batcherPer((db: Db) =>
  createBatcher(async (items: { id: number; a: number; w: StakeInBook }[]) => {
    sportsStakeBatchSize.observe(items.length);
    return eachOk(await runBatch<StakeOutcome>(db, 'sb_stake_batch', items));
  }, OPTIONS),
);

/**
 * Takes a checked slip's bet together with the slips arriving at the same time (sql/sb_take_batch.sql):
 * its id, or null when what its checks read changed meanwhile (the careful path then takes it alone).
 * A batch that fails as a whole (a slip's request id used already, a deadlock) was undone.
 */
export const takeTogether = (db: Db, slip: SlipToTake): Promise<number | null> => takes(db).submit(slip);

/**
 * Charges a pending bet's stake, and opens the bet if it was taken, together with the stakes arriving
 * at the same time (sql/sb_stake_batch.sql): one transaction for the wallet's batch and the openings.
 */
export const stakeTogether = (
  db: Db,
  bet: { id: number; amount: number },
  call: StakeInBook,
): Promise<StakeOutcome> => stakes(db).submit({ id: bet.id, a: bet.amount, w: call });
