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
 * One slip for sb_take_batch: sb_take_bet's arguments (int8s as text), f: whether its commit may
 * leave the flush to its stake's (placement.service.ts flushLater), and w: its stake's call when the
 * stake is charged at once in this database (then f).
 */
export interface SlipToTake {
  f: boolean;
  w?: StakeInBook;
  s: string[];
  c: string;
  x: unknown;
  ho: string[];
  ce: (number | null)[];
  e: number;
  b: Record<string, unknown>;
  l: Record<string, unknown>[];
}

/**
 * The wallet's answer to a stake (r) and, when it was taken, whether its bet opened (o: false when the
 * bet was no longer pending); or the error its call raised (e, m).
 */
export type StakeOutcome = { r?: WalletAnswer; o?: boolean; e?: string; m?: string };

/**
 * 16 slips at most in a batch: its stakes are one wallet batch (at most 32 calls, wallet.batch.ts). A
 * batch that fails as a whole runs again slip by slip.
 */
const OPTIONS = { maxInFlight: 1, maxBatch: 16, retryAlone: true };

/** Runs one batch function on its JSON argument: its answer, one element per item. */
async function runBatch<O>(db: Db, name: string, items: unknown[]): Promise<O[]> {
  const [row] = await preparedRows<{ r: O[] }>(db, name, `select ${name}($1::jsonb) as r`, [
    JSON.stringify(items),
  ]);
  return row!.r;
}

/**
 * What taking a slip came to: its bet's id (null: what its checks read changed meanwhile) and, for a
 * slip with its stake's call, the stake's outcome when it was charged in the same round trip.
 */
export interface Taken {
  id: number | null;
  stake?: StakeOutcome;
}

/**
 * The takes and, after their commit, their stakes: one call of sql/sb_place_batch.sql, one batch in
 * flight. A take holds its markets' locks (every placement on a busy event waits for them), a stake the
 * wallet's house shards'; the take's commit lets go of the markets before the stakes are charged. Two
 * batches in flight made smaller batches for the same rate, and cost more CPU a placement
 * (bench:sportsbook).
 */
const takes = batcherPer((db: Db) =>
  createBatcher(
    async (slips: SlipToTake[]) => {
      sportsPlacementBatchSize.observe(slips.length);
      const [row] = await preparedRows<{ r: { ids: (number | null)[]; s: Record<string, StakeOutcome> } }>(
        db,
        'sb_place_batch',
        'call sb_place_batch($1::jsonb, null)',
        [JSON.stringify(slips)],
      );
      const charged = Object.keys(row!.r.s).length;
      if (charged > 0) sportsStakeBatchSize.observe(charged);
      return eachOk(row!.r.ids.map((id, n): Taken => ({ id, stake: row!.r.s[String(n + 1)] })));
    },
    { ...OPTIONS, maxInFlight: 1 },
  ),
);

const stakes = batcherPer((db: Db) =>
  createBatcher(async (items: { id: number; a: number; w: StakeInBook }[]) => {
    sportsStakeBatchSize.observe(items.length);
    return eachOk(await runBatch<StakeOutcome>(db, 'sb_stake_batch', items));
  }, OPTIONS),
);

/**
 * Takes a checked slip's bet together with the slips arriving at the same time (sql/sb_take_batch.sql),
 * and charges its stake if it carries its call (sql/sb_place_batch.sql): its id, or null when what its
 * checks read changed meanwhile (the careful path then takes it alone), and its stake's outcome. A
 * batch that fails in its take (a slip's request id used already, a deadlock) took nothing; one that
 * fails after (a lost connection) runs again slip by slip, and each slip meets the bet it made.
 */
export const takeTogether = (db: Db, slip: SlipToTake): Promise<Taken> => takes(db).submit(slip);

/**
 * Charges a pending bet's stake, and opens the bet if it was taken, together with the stakes arriving
 * at the same time (sql/sb_stake_batch.sql): one transaction for the wallet's batch and the openings.
 * For a bet whose stake was not charged with its take: taken on the careful path, confirmed after a
 * live bet's delay, or after a stake batch that failed.
 */
export const stakeTogether = (
  db: Db,
  bet: { id: number; amount: number },
  call: StakeInBook,
): Promise<StakeOutcome> => stakes(db).submit({ id: bet.id, a: bet.amount, w: call });
