/** What a shared-read feed needs of a stream. */
export type FeedStream = {
  send(event: string, data: unknown): void;
  ping(): void;
  end(): void;
};

/**
 * One read for many streams: on a change (from any process, via the live hub) the feed reads its
 * figures ONCE for this process, shortly after (changes come in bursts), and sends them, as `event`,
 * to each open stream whose last figures differ. A failed read is skipped: the next change or
 * re-check reads again. Subclasses add their own timer work (pings, re-checks) in `tick`.
 */
export abstract class SharedReadFeed<S extends FeedStream> {
  protected readonly streams = new Map<S, string>();
  private readonly timer: NodeJS.Timeout;
  private pending: NodeJS.Timeout | undefined;
  protected lastRead = 0;

  constructor(
    private readonly event: string,
    private readonly read: () => Promise<unknown>,
    private readonly coalesceMs: number,
    tickMs: number,
  ) {
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  async add(stream: S): Promise<() => void> {
    this.streams.set(stream, '');
    await this.send([stream]);
    return () => this.streams.delete(stream);
  }

  /** The figures may have changed: read once, shortly, for every stream. */
  changed(): void {
    if (this.pending || this.streams.size === 0) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.send([...this.streams.keys()]);
    }, this.coalesceMs);
    this.pending.unref();
  }

  close(): void {
    clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    for (const stream of this.streams.keys()) stream.end();
    this.streams.clear();
  }

  protected async send(targets: S[]): Promise<void> {
    if (targets.length === 0) return;
    this.lastRead = Date.now();
    let figures: unknown;
    try {
      figures = await this.read();
    } catch {
      return;
    }
    // Streams given the same part of the figures share one serialisation.
    const texts = new Map<unknown, string>();
    for (const stream of targets) {
      if (!this.streams.has(stream)) continue;
      const part = this.partFor(stream, figures);
      const json = texts.get(part) ?? JSON.stringify(part);
      texts.set(part, json);
      if (this.streams.get(stream) === json) continue;
      this.streams.set(stream, json);
      stream.send(this.event, part);
    }
  }

  /** What of the figures a stream gets: all of them, unless a feed serves each stream its own part. */
  protected partFor(_stream: S, figures: unknown): unknown {
    return figures;
  }

  protected abstract tick(): void;
}
