/**
 * Background work that must happen once per period across every app process sharing the database
 * (the sweeps in housekeeping.ts, the sportsbook's maintenance pass). One implementation,
 * pg-boss-jobs.ts, on PostgreSQL and on PGlite alike; see docs/architecture.md#background-jobs.
 */
export interface PeriodicJobOptions {
  /** Attempts after the first when a run throws (each logged); 2 unless told. */
  retryLimit?: number;
  /** Seconds before a failed run is tried again; a quarter of the period (at least 1) unless told. */
  retryDelaySeconds?: number;
}

export interface JobRunner {
  /**
   * Runs `task` once per `everyMs` (whole seconds, at least one) across all processes: each process
   * offers a run for the current period, the database keeps the first, and one process works it.
   * A run that throws is logged and tried again; it never stops the process. Register before start().
   */
  every(name: string, everyMs: number, task: () => Promise<unknown>, options?: PeriodicJobOptions): void;
  /** Starts offering and working the registered jobs (main.ts, once the app listens). */
  start(): Promise<void>;
  readonly started: boolean;
  /** Stops offering, lets a run in progress finish (bounded), and releases the connection. */
  stop(): Promise<void>;
}
