/**
 * Whether a failure is the database being out of reach (restarting, failing over, a dropped
 * connection) rather than a fault in the request or the code: such a request is answered 503 with
 * Retry-After, and the client repeats it (every money-moving call carries its own id, so a repeat is
 * safe). Found by `npm run chaos -- postgres`.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or recovering
  '08000',
  '08003',
  '08006', // connection exceptions
  // read_only_sql_transaction: the statement reached a node that is (now) a standby, as during a
  // failover; it was refused whole, so nothing of it committed.
  '25006',
]);
/**
 * Also pgbouncer's own refusals while no primary answers behind it (server connection lost, no
 * server connection within query_wait_timeout, login to the server failing).
 */
const CONNECTION_MESSAGES =
  /Connection terminated|not queryable|the database system is (starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|server conn crashed|query_wait_timeout|pgbouncer cannot connect to server|server login has been failing|no more connections allowed|server closed the connection unexpectedly/i;

/** The driver's own words for the outage (the innermost cause: Drizzle wraps it with the whole query). */
export function unavailableReason(error: unknown): string {
  let reason = '';
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof message === 'string')
      reason = `${typeof code === 'string' ? `${code} ` : ''}${message}`.slice(0, 200);
    e = cause;
  }
  return reason;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
