import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for HAProxy (or pgbouncer) in front of PostgreSQL. While `down`, it accepts and closes
 * every connection (no server is up behind it, as during a failover) and cuts the open ones. With
 * `cutOnWrite`, open connections stay up until their client next writes (its next statement): that
 * statement finds the connection gone, as one sent just as the primary died does.
 */
export async function startDbGate(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let down = false;
  let cutOnWrite = false;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('data', (chunk) => (cutOnWrite ? end() : upstream.write(chunk)));
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gated = new URL(databaseUrl);
  gated.port = String((server.address() as AddressInfo).port);
  return {
    /** The database's URL through the gate. */
    url: gated.toString(),
    setDown(value: boolean) {
      down = value;
      if (value) for (const socket of open) socket.destroy();
    },
    setCutOnWrite(value: boolean) {
      cutOnWrite = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type DbGate = Awaited<ReturnType<typeof startDbGate>>;
