import type { OperatorStream } from './operator-feed.ts';
import { SharedReadFeed } from './shared-read-feed.ts';

/** A page watching the jackpot: a guest's or a member's, no session needed. */
export type JackpotStream = Omit<OperatorStream, 'token'>;

/** Bets come in a stream: at most one read of the pool per second for every stream of the process. */
const COALESCE_MS = 1_000;
/** A change the channel did not announce shows within this; each tick also pings idle streams. */
const RECHECK_MS = 10_000;

/**
 * The progressive jackpot, pushed: whenever the live channel says balances moved (every wallet batch
 * notifies, see wallet_batch.sql) or the jackpot changed, it reads the pool once for this process,
 * shortly, and sends it to each open stream whose last amount differs. Every process reads the same
 * 64 pool rows, so every tab, on any process, shows the same amount.
 */
export class JackpotFeed extends SharedReadFeed<JackpotStream> {
  constructor(readPool: () => Promise<unknown>) {
    super('jackpot', readPool, COALESCE_MS, RECHECK_MS);
  }

  protected tick(): void {
    if (this.streams.size === 0) return;
    if (Date.now() - this.lastRead >= RECHECK_MS) void this.send([...this.streams.keys()]);
    for (const stream of this.streams.keys()) stream.ping();
  }
}
