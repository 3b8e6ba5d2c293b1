import type { LiveStream } from './live.hub.ts';

/** An operator's stream: like a member's, ended when the operator's session is. */
export type OperatorStream = Omit<LiveStream, 'memberId'>;

const PING_MS = 20_000;
/** Operator sessions also end by themselves (idle, absolute limit): each stream is re-checked this often. */
const RECHECK_MS = 60_000;
/** Queue changes come in bursts (a cashier approving a page of requests): one read per burst. */
const COALESCE_MS = 200;

/**
 * The back office's pending badge, pushed: on every change to the operators' queues (from any
 * process, via the live hub) it reads the pending counts ONCE for this process and sends them to
 * each open operator stream whose last figures differ.
 */
export class OperatorFeed {
  private readonly streams = new Map<OperatorStream, string>();
  private readonly timer: NodeJS.Timeout;
  private pending: NodeJS.Timeout | undefined;
  private lastCheck = Date.now();

  constructor(
    private readonly readCounts: () => Promise<unknown>,
    private readonly isLive: (token: string) => Promise<boolean>,
  ) {
    this.timer = setInterval(() => this.tick(), PING_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  async add(stream: OperatorStream): Promise<() => void> {
    this.streams.set(stream, '');
    await this.send([stream]);
    return () => this.streams.delete(stream);
  }

  /** The queues changed somewhere: read once, shortly, for every stream. */
  changed(): void {
    if (this.pending) return;
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

  private async send(targets: OperatorStream[]): Promise<void> {
    if (targets.length === 0) return;
    let counts: unknown;
    try {
      counts = await this.readCounts();
    } catch {
      return; // the next change or reconnect reads again
    }
    const json = JSON.stringify(counts);
    for (const stream of targets) {
      if (!this.streams.has(stream) || this.streams.get(stream) === json) continue;
      this.streams.set(stream, json);
      stream.send('pending', counts);
    }
  }

  private tick(): void {
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
