/** What the tracker needs of a channel (amqplib's Channel). */
export interface AckChannel<M> {
  ack(msg: M, allUpTo?: boolean): void;
}

/**
 * Acknowledges a channel's deliveries in as few frames as their order allows (each ack is a frame the
 * broker handles: per message, RabbitMQ spent about 100 µs of CPU a message at 2,000/s). The lanes
 * finish out of delivery order, so a message's ack waits until every delivery before it is settled;
 * then one `ack(multiple)`, on the newest message done, covers the run. A delivery settled on its own
 * (nacked, given back) is skipped: the multiple ack covers only the deliveries still outstanding.
 * Every delivery on the channel must be `delivered` here first, or a multiple ack would take it too.
 * At most `maxWaiting` done messages wait behind an open one (a lane slow on a fixture's fetch):
 * beyond that each is acked alone, so the broker's window (prefetch) never fills with messages the
 * book has recorded and the other lanes keep getting work.
 */
export class Acks<M> {
  private readonly order: { msg: M; state: 'open' | 'done' | 'settled' }[] = [];
  private head = 0;
  private readonly entries = new Map<M, { msg: M; state: 'open' | 'done' | 'settled' }>();
  /** Done messages not acknowledged yet (behind an open one). */
  private waiting = 0;

  constructor(
    private readonly ch: AckChannel<M>,
    private readonly maxWaiting = 500,
  ) {}

  delivered(msg: M): void {
    const entry = { msg, state: 'open' as const };
    this.order.push(entry);
    this.entries.set(msg, entry);
  }

  /** The book has recorded it: acknowledged with the run it closes. */
  done(msg: M): void {
    this.mark(msg, 'done');
  }

  /** Nacked (or given back) on its own: no multiple ack may cover it. */
  settled(msg: M): void {
    this.mark(msg, 'settled');
  }

  private mark(msg: M, state: 'done' | 'settled'): void {
    const entry = this.entries.get(msg);
    if (!entry) return;
    entry.state = state;
    if (state === 'done') this.waiting++;
    let last: M | undefined;
    while (this.head < this.order.length && this.order[this.head]!.state !== 'open') {
      const e = this.order[this.head++]!;
      this.entries.delete(e.msg);
      if (e.state === 'done') {
        last = e.msg;
        this.waiting--;
      }
    }
    if (last === undefined && state === 'done' && this.waiting > this.maxWaiting) {
      // Behind an open delivery for too long a run: this one alone, and no multiple ack ends on it.
      entry.state = 'settled';
      this.waiting--;
      this.ch.ack(msg);
    }
    if (this.head > 1_024) {
      this.order.splice(0, this.head);
      this.head = 0;
    }
    if (last !== undefined) this.ch.ack(last, true);
  }
}
