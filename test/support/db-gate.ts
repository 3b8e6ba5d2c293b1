import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for HAProxy (or pgbouncer) in front of PostgreSQL. While `down`, it accepts and closes
 * every connection (no server is up behind it, as during a failover) and cuts the open ones. With
 * `cutOnWrite`, open connections stay up until their client next writes (its next statement): that
 * statement finds the connection gone, as one sent just as the primary died does. `failOverOn` is a
 * failover at a chosen statement: the primary dies as it is sent, and the next connections reach the
 * promoted standby (another database, which has only what the primary had when it was copied).
 */
export async function startDbGate(databaseUrl: string) {
  let target = new URL(databaseUrl);
  let down = false;
  let refuseAfterMs = 0;
  let cutOnWrite = false;
  let failOver: { marker: string; to: URL } | undefined;
  const open = new Set<Socket>();
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  const server: Server = createServer((client) => {
    if (down) {
      // A pooler waiting for a server that never comes gives up only after a while.
      if (refuseAfterMs > 0) setTimeout(() => client.destroy(), refuseAfterMs);
      else client.destroy();
      return;
    }
    const database = target.pathname.slice(1);
    let started = false;
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('data', (chunk) => {
      if (cutOnWrite) return end();
      if (failOver && chunk.includes(failOver.marker)) {
        target = failOver.to;
        failOver = undefined;
        return cutAll();
      }
      // The connection's first message names the database: the one the gate now leads to.
      upstream.write(started ? chunk : startupFor(chunk, database));
      started = true;
    });
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gated = new URL(databaseUrl);
  gated.port = String((server.address() as AddressInfo).port);
  return {
    /** The database's URL through the gate. */
    url: gated.toString(),
    /** Down: new connections are refused, after `refuseAfterMs` (as pgbouncer's query_wait_timeout). */
    setDown(value: boolean, refuseAfterMs_ = 0) {
      down = value;
      refuseAfterMs = refuseAfterMs_;
      if (value) cutAll();
    },
    setCutOnWrite(value: boolean) {
      cutOnWrite = value;
    },
    /**
     * The next statement whose text (or prepared name) holds `marker` kills the primary, and `to` is
     * promoted; without `to`, the same server takes the connections again (every one was cut).
     */
    failOverOn(marker: string, to?: string) {
      failOver = { marker, to: to ? new URL(to) : target };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type DbGate = Awaited<ReturnType<typeof startDbGate>>;

const PROTOCOL_3 = 196_608;

/** A StartupMessage with its `database` parameter set to `database` (any other message as it is). */
function startupFor(message: Buffer, database: string): Buffer {
  if (message.length < 8 || message.readInt32BE(4) !== PROTOCOL_3) return message;
  const fields = message
    .subarray(8, message.readInt32BE(0) - 1)
    .toString('utf8')
    .split('\0');
  const params = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) params.set(fields[i]!, fields[i + 1]!);
  params.set('database', database);
  const body = Buffer.from(`${[...params].map(([k, v]) => `${k}\0${v}\0`).join('')}\0`, 'utf8');
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(PROTOCOL_3, 4);
  return Buffer.concat([head, body, message.subarray(message.readInt32BE(0))]);
}
