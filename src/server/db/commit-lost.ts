/**
 * A commit the server answered that a failover (or a crash) took with it: it skipped waiting for the
 * disk and the standby, and the primary now reached never had it. The database failed, not the
 * request: answered 503 with Retry-After as a lost connection is (its SQLSTATE, connection_failure),
 * and the client repeats the request with its own id, which is then applied anew, once.
 */
export class CommitLost extends Error {
  readonly code = '08006';
}
