import type { LiveStream } from './live.hub.ts';
import { SharedReadFeed } from './shared-read-feed.ts';

/** An operator's stream: like a member's, ended when the operator's session is. */
export type OperatorStream = Omit<LiveStream, 'memberId'>;

const PING_MS = 20_000;
/** Operator sessions also end by themselves (idle, absolute limit): each stream is re-checked this often. */
const RECHECK_MS = 60_000;
/** Queue changes come in bursts (a cashier approving a page of requests): one read per burst. */
const COALESCE_MS = 200;

/**
 * A back-office stream of one read shared by its operators: the pending badge (event `pending`), the
 * trading desk's bet ticker (event `ticker`). The pending badge, pushed: on every change to the operators' queues (from any
 * process, via the live hub) it reads the pending counts ONCE for this process and sends them to
 * each open operator stream whose last figures differ.
 */
export class OperatorFeed extends SharedReadFeed<OperatorStream> {
  private lastCheck = Date.now();

  constructor(
    readCounts: () => Promise<unknown>,
    private readonly isLive: (token: string) => Promise<boolean>,
    event = 'pending',
  ) {
    super(event, readCounts, COALESCE_MS, PING_MS);
  }

  protected tick(): void {
    for (const stream of this.streams.keys()) stream.ping();
    if (Date.now() - this.lastCheck < RECHECK_MS) return;
    this.lastCheck = Date.now();
    for (const stream of [...this.streams.keys()]) {
      void this.isLive(stream.token).then((live) => {
        if (live || !this.streams.has(stream)) return;
        stream.send('end', { reason: 'session' });
        stream.end();
        this.streams.delete(stream);
      });
    }
  }
}
