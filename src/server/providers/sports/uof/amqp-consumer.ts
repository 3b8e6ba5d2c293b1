import { createHash } from 'node:crypto';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { feedStamps, stampNow } from '../feed-stamps.ts';
import { Acks } from './amqp-acks.ts';
import type { Receipt } from './uof-apply.ts';
import type { FeedLog } from './uof-feed.ts';

/**
 * Consumes the feed's messages from its AMQP broker (amqplib): a queue bound to the feed's topic
 * exchange, each event's messages in arrival order (the feed's order per event), several events at
 * once in lanes (an event always in the same lane). What queues in a lane while it works is handed
 * over as one batch (one transaction for its price messages, uof-batch.ts); each message is
 * acknowledged once the book has recorded it (applied, a duplicate, stale or rejected), in runs: one
 * `ack(multiple)` once every delivery before it is settled (amqp-acks.ts). A message the
 * book could not take for a passing reason (the database away) is given back to the broker and tried
 * again, and after its last try discarded. Whatever may have lost messages (a dropped connection: a
 * server-named queue dies with it; a discarded message) is reported to `lost` (every producer down, so
 * each recovers what was lost when its alives resume) before the consumer reconnects or goes on.
 *
 * `alive` messages have their own queue and channel (bound to `*.*.*.alive.#`), so a backlog of odds
 * in the broker or in the lanes never delays them: a producer that is alive is not taken for down
 * because the book is behind. Their copies in the main queue are acknowledged and dropped.
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
  /** Opens the broker connection (amqplib's own by default; a test's stand-in broker otherwise). */
  connect?: (url: string) => Promise<ChannelModel>;
  /** The most messages a lane hands over at once. */
  maxBatch?: number;
}

export interface AmqpHandlers {
  one(xml: string): Promise<Receipt>;
  /** A lane's queued messages, in order; answers one receipt each. */
  batch(xmls: string[]): Promise<Receipt[]>;
  /**
   * Event messages as they arrive, before their lane's turn (what one read of the socket brought):
   * the feed starts parsing them there (uof-parse-pool.ts `early`). Nothing is applied or acked here.
   */
  arrived?(xmls: string[]): void;
  /**
   * Messages may have been lost (the connection dropped, a message discarded; `since`: the discarded
   * message's own time): the feed takes its producers down (producer-loss.ts). Reported before the
   * consumer reconnects; a failure is reported again at the next try.
   */
  lost?(reason: string, since?: number): Promise<void>;
}

/** An `alive` message (a producer's heartbeat), by its root element. */
export function isAlive(content: Buffer): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?<alive[\s/>]/.test(content.subarray(0, 200).toString('utf8'));
}
/** The routing keys of alive messages (`-.-.-.alive.-.-.-.-`). */
export const ALIVE_BINDING = '*.*.*.alive.#';

/** The event a message is about (its `event_id`), or undefined for a producer's own (alive, snapshot_complete). */
export function eventOfMessage(content: Buffer): string | undefined {
  return /\sevent_id="([^"]{1,100})"/.exec(content.subarray(0, 600).toString('utf8'))?.[1];
}

/** A message's feed time (its `timestamp`), if it says one. */
function timeOfMessage(content: Buffer): number | undefined {
  const ts = /\stimestamp="(\d{1,16})"/.exec(content.subarray(0, 600).toString('utf8'))?.[1];
  return ts === undefined ? undefined : Number(ts);
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

export function amqpConsumer(options: AmqpOptions, handle: AmqpHandlers, log: FeedLog): AmqpConsumer {
  let model: ChannelModel | undefined;
  let channel: Channel | undefined;
  let stopped = false;
  const laneCount = Math.max(1, options.lanes ?? 8);
  const maxBatch = Math.max(1, options.maxBatch ?? 500);
  /** Each lane's work so far, and the batch still gathering behind it (taken when its turn comes). */
  let lanes: Promise<void>[] = Array.from({ length: laneCount }, () => Promise.resolve());
  let gathering: (ConsumeMessage[] | undefined)[] = Array.from({ length: laneCount }, () => undefined);
  let health: Promise<void> = Promise.resolve();
  const allLanes = () => Promise.all(lanes).then(() => undefined);
  let retry: NodeJS.Timeout | undefined;
  const tries = new Map<string, number>();
  /** A loss not yet reported to `lost` (its reason, and the earliest time it reaches back to). */
  let loss: { reason: string; since?: number } | undefined;
  const noteLoss = (reason: string, since?: number) => {
    const earliest = [loss?.since, since].filter((t) => t !== undefined);
    loss = { reason, ...(earliest.length ? { since: Math.min(...earliest) } : {}) };
  };
  /** Reports a loss; throws when it could not be recorded (the loss stays to report). */
  const reportLoss = async () => {
    const now = loss;
    if (!now || !handle.lost) return;
    await handle.lost(now.reason, now.since);
    if (loss === now) loss = undefined;
  };
  /** The main queue's channels' acks, in runs (amqp-acks.ts); the alive channel acks one by one. */
  const acks = new WeakMap<Channel, Acks<ConsumeMessage>>();
  const ack = (ch: Channel, msg: ConsumeMessage) => {
    const run = acks.get(ch);
    if (run) run.done(msg);
    else ch.ack(msg);
  };
  const nack = (ch: Channel, msg: ConsumeMessage, requeue: boolean) => {
    ch.nack(msg, false, requeue);
    acks.get(ch)?.settled(msg);
  };

  const process = (ch: Channel, msg: ConsumeMessage) => processBatch(ch, [msg]);
  /**
   * Event messages that came in one read of the socket (amqplib delivers them in one go), handed to
   * `arrived` together on a microtask queued before any lane's turn they start: so an idle lane finds
   * their parse started, and a busy one has it done by its turn.
   */
  let arrivals: string[] = [];
  const arrive = (msg: ConsumeMessage) => {
    if (!handle.arrived) return;
    if (arrivals.length === 0)
      queueMicrotask(() => {
        const xmls = arrivals;
        arrivals = [];
        handle.arrived?.(xmls);
      });
    arrivals.push(msg.content.toString('utf8'));
  };
  /** When each message came (only with the stage stamps on, feed-stamps.ts). */
  const receivedAt = new WeakMap<ConsumeMessage, number>();

  const processBatch = async (ch: Channel, msgs: ConsumeMessage[]) => {
    for (let i = 0; i < msgs.length; i += maxBatch) {
      const part = msgs.slice(i, i + maxBatch);
      const handed = feedStamps ? stampNow() : 0;
      try {
        if (part.length === 1) await handle.one(part[0]!.content.toString('utf8'));
        else await handle.batch(part.map((m) => m.content.toString('utf8')));
        for (const m of part) ack(ch, m);
        if (feedStamps) {
          const acked = stampNow();
          for (const m of part) feedStamps.laneMessage(m.content, receivedAt.get(m) ?? handed, handed, acked);
        }
      } catch {
        // The batch could not be recorded (the database away): each message on its own, with retries.
        for (const m of part) await processOne(ch, m);
      }
    }
  };

  const processOne = async (ch: Channel, msg: ConsumeMessage) => {
    const xml = msg.content.toString('utf8');
    try {
      await handle.one(xml);
      ack(ch, msg);
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
        nack(ch, msg, false);
        // Discarded: its producer must resend it, so every producer goes down and recovers.
        noteLoss('a message was discarded after its tries', timeOfMessage(msg.content));
        await reportLoss().catch((err: unknown) =>
          log.warn({ err }, 'uof producers could not be taken down'),
        );
      } else {
        await new Promise((r) => setTimeout(r, 500 * n));
        nack(ch, msg, true);
      }
    }
  };

  const connect = async () => {
    // What a dropped connection lost is recovered: the producers go down before the alives resume.
    await reportLoss();
    const m = await (options.connect ?? amqp.connect)(options.url);
    model = m;
    m.on('error', (error: Error) => log.warn({ err: error }, 'uof broker connection error'));
    m.on('close', () => {
      model = undefined;
      channel = undefined;
      if (!stopped) {
        noteLoss('the broker connection was lost');
        log.warn({}, 'uof broker connection closed: reconnecting');
        // At once, not at the reconnect: the markets stop while messages may be going nowhere.
        reportLoss().catch((err: unknown) => log.warn({ err }, 'uof producers could not be taken down'));
        schedule();
      }
    });
    const ch = await m.createChannel();
    channel = ch;
    const run = new Acks<ConsumeMessage>(ch);
    acks.set(ch, run);
    // Enough in flight for the lanes to gather batches while they commit.
    await ch.prefetch(options.prefetch ?? 2_000);
    await ch.checkExchange(options.exchange);
    const q = await ch.assertQueue(options.queue ?? '', {
      exclusive: !options.queue,
      durable: Boolean(options.queue),
      autoDelete: !options.queue,
    });
    for (const pattern of options.bindings) await ch.bindQueue(q.queue, options.exchange, pattern);
    // The producers' heartbeats: their own queue and channel, handled as they come, one at a time.
    const hc = await m.createChannel();
    await hc.prefetch(10);
    const hq = await hc.assertQueue('', { exclusive: true, autoDelete: true });
    await hc.bindQueue(hq.queue, options.exchange, ALIVE_BINDING);
    await hc.consume(hq.queue, (msg) => {
      if (!msg) return;
      health = health.then(() => processOne(hc, msg));
    });
    await ch.consume(q.queue, (msg) => {
      if (!msg) return;
      run.delivered(msg);
      if (feedStamps) receivedAt.set(msg, stampNow());
      if (isAlive(msg.content)) {
        if (msg.fields.routingKey.split('.')[3] === 'alive')
          ack(ch, msg); // its copy in the alive queue counts
        else health = health.then(() => processOne(ch, msg));
        return;
      }
      const event = eventOfMessage(msg.content);
      if (event === undefined) {
        // A snapshot_complete comes after everything sent before it (the recovery's messages), and
        // before everything after it: the markets reopen on what the feed had sent by then.
        const done = allLanes().then(() => process(ch, msg));
        lanes = lanes.map(() => done);
        gathering = gathering.map(() => undefined);
      } else {
        arrive(msg);
        const i = laneOf(event, laneCount);
        const open = gathering[i];
        if (open) open.push(msg);
        else {
          const batch = [msg];
          gathering[i] = batch;
          lanes[i] = lanes[i]!.then(() => {
            if (gathering[i] === batch) gathering[i] = undefined;
            return processBatch(ch, batch);
          });
        }
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
      await health;
      await channel?.close().catch(() => undefined);
      await model?.close().catch(() => undefined);
    },
    idle: allLanes,
  };
}
