import type { LiveStream } from './live.hub.ts';
import { SharedReadFeed } from './shared-read-feed.ts';

/** An operator's stream: like a member's, ended when the operator's session is, or their role loses the feed. */
export type OperatorStream = Omit<LiveStream, 'memberId'>;

const PING_MS = 20_000;
/** Operator sessions also end by themselves (idle, absolute limit): idle streams are re-checked this often. */
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

  /**
   * `mayWatch`: of the streams' session tokens, those whose operator may still see this feed (a live
   * session, a role that holds its permission now). Asked before every send, so an operator logged out
   * or moved to a role without the permission gets nothing more (the ticker names members and stakes).
   */
  constructor(
    readCounts: () => Promise<unknown>,
    private readonly mayWatch: (tokens: string[]) => Promise<Set<string>>,
    event = 'pending',
  ) {
    super(event, readCounts, COALESCE_MS, PING_MS);
  }

  protected override async send(targets: OperatorStream[]): Promise<void> {
    if (targets.length === 0) return;
    let allowed: Set<string>;
    try {
      allowed = await this.mayWatch([...new Set(targets.map((s) => s.token))]);
    } catch {
      return;
    }
    await super.send(targets.filter((stream) => this.keepIf(stream, allowed.has(stream.token))));
  }

  protected tick(): void {
    for (const stream of this.streams.keys()) stream.ping();
    if (Date.now() - this.lastCheck < RECHECK_MS) return;
    this.lastCheck = Date.now();
    const streams = [...this.streams.keys()];
    void this.mayWatch([...new Set(streams.map((s) => s.token))]).then(
      (allowed) => {
        for (const stream of streams) this.keepIf(stream, allowed.has(stream.token));
      },
      () => undefined,
    );
  }

  /** Ends a stream whose operator may no longer watch; whether it stays. */
  private keepIf(stream: OperatorStream, allowed: boolean): boolean {
    if (allowed || !this.streams.has(stream)) return allowed;
    stream.send('end', { reason: 'session' });
    stream.end();
    this.streams.delete(stream);
    return false;
  }
}
