import type { OperatorStream } from './operator-feed.ts';

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
export class JackpotFeed {
  private readonly streams = new Map<JackpotStream, string>();
  private readonly timer: NodeJS.Timeout;
  private pending: NodeJS.Timeout | undefined;
  private lastRead = 0;

  constructor(private readonly readPool: () => Promise<unknown>) {
    this.timer = setInterval(() => this.tick(), RECHECK_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  async add(stream: JackpotStream): Promise<() => void> {
    this.streams.set(stream, '');
    await this.send([stream]);
    return () => this.streams.delete(stream);
  }

  /** The pool may have changed: read once, shortly, for every stream. */
  changed(): void {
    if (this.pending || this.streams.size === 0) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.send([...this.streams.keys()]);
    }, COALESCE_MS);
    this.pending.unref();
  }

  close(): void {
    clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    for (const stream of this.streams.keys()) stream.end();
    this.streams.clear();
  }

  private async send(targets: JackpotStream[]): Promise<void> {
    if (targets.length === 0) return;
    this.lastRead = Date.now();
    let pool: unknown;
    try {
      pool = await this.readPool();
    } catch {
      return; // the next change or re-check reads again
    }
    const json = JSON.stringify(pool);
    for (const stream of targets) {
      if (!this.streams.has(stream) || this.streams.get(stream) === json) continue;
      this.streams.set(stream, json);
      stream.send('jackpot', pool);
    }
  }

  private tick(): void {
    if (this.streams.size === 0) return;
    if (Date.now() - this.lastRead >= RECHECK_MS) void this.send([...this.streams.keys()]);
    for (const stream of this.streams.keys()) stream.ping();
  }
}
