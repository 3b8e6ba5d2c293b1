import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MessageChannel } from './outbox.schema.ts';
import { type ClaimedMessage, claimDueMessages, markAttemptFailed, markSent } from './outbox.service.ts';
import { type MessageTransport, PermanentFailure } from './provider.ts';

/** A message is given up after this many attempts (about 10 hours of backoff at the default base). */
export const MAX_ATTEMPTS = 12;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface OutboxOptions {
  db: Db;
  transports: MessageTransport[];
  /** How often the worker looks for due messages. */
  pollMs: number;
  /** How long a claim lasts: a worker that dies mid-send loses its rows after this. */
  leaseMs: number;
  /** The first retry's wait; each next one doubles, up to an hour. */
  retryBaseMs: number;
  log?: FastifyBaseLogger;
}

export interface OutboxWorker {
  /** Claims and sends what is due once; the number of messages sent. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the outbox. Delivery is at least once, and exactly once in every crash but one:
 * - a crash before the cause commits leaves no message; after it commits, before a send, the message
 *   waits in the table and the next worker sends it;
 * - a crash while a worker holds a claim (before or during the send) ends with the lease, and the
 *   message is sent again;
 * - the one duplicate: the provider accepted the message and the worker died before marking it sent.
 *   The retry carries the same idempotency key (the e-mail's Message-ID, the SMS provider's key), so
 *   a receiver that dedupes by it sees one message; plain SMTP mailboxes may show two.
 */
export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const owner = `outbox-${randomUUID()}`;
  const byChannel = new Map<MessageChannel, MessageTransport>(options.transports.map((t) => [t.channel, t]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(message: ClaimedMessage): Promise<boolean> {
    const transport = byChannel.get(message.channel);
    try {
      if (!transport) throw new Error(`no transport for ${message.channel}`);
      const { providerRef } = await transport.send({
        id: message.id,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        idempotencyKey: `outbox-${message.id}`,
      });
      return await markSent(options.db, message.id, owner, providerRef);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentFailure || message.attempts >= MAX_ATTEMPTS;
      options.log?.warn(
        { outboxId: message.id, attempts: message.attempts, final },
        `outbox send failed: ${text}`,
      );
      await markAttemptFailed(options.db, message.id, owner, text, {
        final,
        retryInMs: backoffMs(message.attempts, options.retryBaseMs),
      });
      return false;
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claimDueMessages(options.db, owner, BATCH, options.leaseMs);
    let sent = 0;
    for (const message of claimed) if (await deliver(message)) sent += 1;
    return sent;
  }

  const guarded = () => {
    running ??= runOnce()
      .catch((error) => {
        options.log?.error({ err: error }, 'outbox run failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    runOnce: guarded,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void guarded(), options.pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
