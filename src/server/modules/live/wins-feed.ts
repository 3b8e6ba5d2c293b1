import type { JackpotStream } from './jackpot-feed.ts';
import { SharedReadFeed } from './shared-read-feed.ts';

/** A lobby watching its site's wins ticker: a guest's or a member's, no session needed. */
export type WinsStream = JackpotStream & { siteId: number };

/** Rounds settle in a stream: at most one read of the wins per second for every stream of the process. */
const COALESCE_MS = 1_000;
/** A win the channel did not announce shows within this; each tick also pings idle streams. */
const RECHECK_MS = 15_000;

/**
 * The lobby's recent-wins ticker, pushed: whenever the live channel says balances moved (every wallet
 * batch notifies, so a round's win does), it reads the latest wins of every site once for this process,
 * shortly, and sends each open stream its own site's list (`wins`) when it changed.
 */
export class WinsFeed extends SharedReadFeed<WinsStream> {
  constructor(readWins: () => Promise<Map<number, unknown[]>>) {
    super('wins', readWins, COALESCE_MS, RECHECK_MS);
  }

  /** One reply object per site's list, so the streams of a site share its serialisation. */
  private replies = new WeakMap<unknown[], { wins: unknown[] }>();

  protected override partFor(stream: WinsStream, figures: unknown): unknown {
    const wins = (figures as Map<number, unknown[]>).get(stream.siteId) ?? NONE;
    const reply = this.replies.get(wins) ?? { wins };
    this.replies.set(wins, reply);
    return reply;
  }

  protected tick(): void {
    if (this.streams.size === 0) return;
    if (Date.now() - this.lastRead >= RECHECK_MS) void this.send([...this.streams.keys()]);
    for (const stream of this.streams.keys()) stream.ping();
  }
}

const NONE: unknown[] = [];
