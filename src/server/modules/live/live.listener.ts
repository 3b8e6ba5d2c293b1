import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { LIVE_CHANNEL } from './live.notify.ts';

export interface LiveListener {
  close(): Promise<void>;
}

export interface ListenerEvents {
  /** A notification's payload. */
  message(payload: string): void;
  /** The listening connection came back after a loss: notifications may have been missed. */
  resumed(): void;
}

const RECONNECT_MS = 1_000;

/**
 * LISTENs on the live channel: PostgreSQL on a connection of its own (outside the pool, which would
 * hand it to other work), re-opened by itself when the server goes away; PGlite in-process.
 */
export async function listenLive(database: Database, on: ListenerEvents): Promise<LiveListener> {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(LIVE_CHANNEL, on.message);
    return { close: () => unlisten() };
  }
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (isReconnect: boolean) => {
    const next = new pg.Client({ connectionString: database.url });
    next.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL && msg.payload) on.message(msg.payload);
    });
    next.on('error', () => retry(next));
    next.on('end', () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch {
      retry(next);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (isReconnect) on.resumed();
  };
  const retry = (failed: pg.Client) => {
    if (closed || timer || (client && client !== failed)) return;
    client = undefined;
    failed.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, RECONNECT_MS);
    timer.unref();
  };

  await connect(false);
  if (!client) {
    closed = true;
    if (timer) clearTimeout(timer);
    throw new Error('live updates: could not LISTEN on the database');
  }
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
