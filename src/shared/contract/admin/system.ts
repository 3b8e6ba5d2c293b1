import { z } from 'zod';
import { endpoint, ok } from './endpoint.ts';

/** One app process's health, from the same figures GET /metrics gives Prometheus. */
const systemHealth = z.object({
  process: z.object({
    startedAt: z.string(),
    uptimeSeconds: z.number(),
    node: z.string(),
    residentBytes: z.number(),
    heapUsedBytes: z.number(),
    /** The event loop's delay, 99th percentile, in ms: above ~100 every request waits. */
    eventLoopDelayP99Ms: z.number(),
  }),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** This process's connections (PostgreSQL only). */
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number() }).nullable(),
    /** The slowest standby's replay lag (on a primary), or this replica's age; 0 without replication. */
    replicationLagSeconds: z.number(),
  }),
  /** Every HTTP request this process answered since it started; p99 is a histogram bucket's bound. */
  requests: z.object({ count: z.number(), serverErrors: z.number(), p99Ms: z.number().nullable() }),
  wallet: z.object({
    batches: z.number(),
    meanBatchSize: z.number().nullable(),
    failures: z.number(),
    p99Ms: z.number().nullable(),
  }),
  openStreams: z.number(),
  sportsbook: z.object({ unfinishedRuns: z.number(), openFindings: z.number() }),
  /** Payment sessions opened in the last 25 hours (all pending ones), by state. */
  paymentSessions: z.record(z.string(), z.number()),
  outbox: z.object({ pending: z.number(), oldestPendingSeconds: z.number() }),
});
export type SystemHealth = z.infer<typeof systemHealth>;

/** The system-health screen. */
export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/system/health',
    summary:
      "This app process's health: memory, event loop, database pool and lag, requests, wallet batches, backlogs",
    response: ok.extend({ health: systemHealth }),
  }),
};
