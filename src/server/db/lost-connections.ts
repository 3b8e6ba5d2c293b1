import type pg from 'pg';

/**
 * A pool connection lost while it is handed out (its server gone in a failover, pgbouncer giving up
 * on it) goes back to the pool as broken at once, whoever holds it; its holder's own release then
 * does nothing. Drizzle's transaction never releases a connection whose BEGIN failed: each one lost
 * that way kept its place in the pool for good, and once every place was kept each statement waited
 * for a connection forever, after the primary was back too. Idle connections the pool drops itself.
 */
export function releaseLostConnections(pool: pg.Pool): void {
  const handedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => handedOut.add(client));
  pool.on('release', (_error, client) => handedOut.delete(client));
  pool.on('remove', (client) => handedOut.delete(client));
  // Listened to on every connection, so a loss between a transaction's statements, when nothing
  // else listens, does not crash the process: its statement fails.
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      if (!handedOut.has(client)) return;
      client.release(error);
      client.release = () => {};
    }),
  );
}
