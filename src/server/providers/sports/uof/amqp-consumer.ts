import { createHash } from 'node:crypto';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { Receipt } from './uof-apply.ts';
import type { FeedLog } from './uof-feed.ts';

/**
 * Consumes the feed's messages from its AMQP broker (amqplib): a queue bound to the feed's topic
 * exchange, each event's messages one at a time in arrival order (the feed's order per event), several
 * events at once in lanes (an event always in the same lane), each acknowledged
 * once the book has recorded it (applied, a duplicate, stale or rejected). A message the book could
 * not take for a passing reason (the database away) is given back to the broker and tried again;
 * after a dropped connection the consumer reconnects, and meanwhile the producers' watch suspends the
 * markets whose alive messages stopped.
 */
export interface AmqpOptions {
  url: string;
  /** The feed's topic exchange ('unifiedfeed'). */
  exchange: string;
  /** Routing-key patterns to bind ('#' for every message). */
  bindings: string[];
  /** A named durable queue; by default a server-named one that lives as long as the connection. */
  queue?: string;
  /** Messages the broker may send ahead of the acknowledgements. */
  prefetch?: number;
  /** Events handled at once (8): one database transaction each, so commits overlap. */
  lanes?: number;
}

/** The event a message is about (its `event_id`), or undefined for a producer's own (alive, snapshot_complete). */
export function eventOfMessage(content: Buffer): string | undefined {
  return /\sevent_id="([^"]{1,100})"/.exec(content.subarray(0, 600).toString('utf8'))?.[1];
}

/** A lane per event: the same event always in the same lane. */
function laneOf(event: string, lanes: number): number {
  let h = 0;
  for (let i = 0; i < event.length; i++) h = (h * 31 + event.charCodeAt(i)) | 0;
  return Math.abs(h) % lanes;
}

const MAX_TRIES = 5;

export interface AmqpConsumer {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every message received so far is handled (tests wait on it). */
  idle(): Promise<void>;
}

export function amqpConsumer(
  options: AmqpOptions,
  handle: (xml: string) => Promise<Receipt>,
  log: FeedLog,
): AmqpConsumer {
  let model: ChannelModel | undefined;
  let channel: Channel | undefined;
  let stopped = false;
  const laneCount = Math.max(1, options.lanes ?? 8);
  let lanes: Promise<void>[] = Array.from({ length: laneCount }, () => Promise.resolve());
  const allLanes = () => Promise.all(lanes).then(() => undefined);
  let retry: NodeJS.Timeout | undefined;
  const tries = new Map<string, number>();

  const process = async (ch: Channel, msg: ConsumeMessage) => {
    const xml = msg.content.toString('utf8');
    try {
      await handle(xml);
      ch.ack(msg);
    } catch (error) {
      const id = createHash('sha256').update(msg.content).digest('hex');
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      log.warn(
        { err: error, routingKey: msg.fields.routingKey, tries: n },
        'uof message could not be handled',
      );
      if (n >= MAX_TRIES) {
        tries.delete(id);
        ch.nack(msg, false, false);
      } else {
        await new Promise((r) => setTimeout(r, 500 * n));
        ch.nack(msg, false, true);
      }
    }
  };

  const connect = async () => {
    const m = await amqp.connect(options.url);
    model = m;
    m.on('error', (error: Error) => log.warn({ err: error }, 'uof broker connection error'));
    m.on('close', () => {
      model = undefined;
      channel = undefined;
      if (!stopped) {
        log.warn({}, 'uof broker connection closed: reconnecting');
        schedule();
      }
    });
    const ch = await m.createChannel();
    channel = ch;
    await ch.prefetch(options.prefetch ?? 100);
    await ch.checkExchange(options.exchange);
    const q = await ch.assertQueue(options.queue ?? '', {
      exclusive: !options.queue,
      durable: Boolean(options.queue),
      autoDelete: !options.queue,
    });
    for (const pattern of options.bindings) await ch.bindQueue(q.queue, options.exchange, pattern);
    await ch.consume(q.queue, (msg) => {
      if (!msg) return;
      const event = eventOfMessage(msg.content);
      if (event === undefined) {
        // A producer's message (alive, snapshot_complete) comes after everything sent before it, and
        // before everything after it: the producers' health judges what the feed had sent by then.
        const done = allLanes().then(() => process(ch, msg));
        lanes = lanes.map(() => done);
      } else {
        const i = laneOf(event, laneCount);
        lanes[i] = lanes[i]!.then(() => process(ch, msg));
      }
    });
    log.info({ queue: q.queue, exchange: options.exchange }, 'uof feed consuming');
  };

  const schedule = (delayMs = 2_000) => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'uof broker unreachable: trying again');
        schedule(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
    retry.unref();
  };

  return {
    async start() {
      stopped = false;
      try {
        await connect();
      } catch (error) {
        log.warn({ err: error }, 'uof broker unreachable: trying again');
        schedule();
      }
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await allLanes();
      await channel?.close().catch(() => undefined);
      await model?.close().catch(() => undefined);
    },
    idle: allLanes,
  };
}
