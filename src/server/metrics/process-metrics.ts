import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The figures one process counts as it works, whichever app instance (tests build many) did the work:
 * one registry per process, so a metric is declared once. What is read from the database at scrape
 * time lives in app-metrics.ts instead.
 */
export const processRegistry = new Registry();

// CPU, memory, garbage collection, handles, and the event loop's delay (p50/p90/p99).
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

export const httpRequestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route and status class: count, rate and latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [processRegistry],
});

export const walletBatchSize = new Histogram({
  name: 'wallet_batch_size',
  help: 'Wallet calls applied together in one transaction (group commit)',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128],
  registers: [processRegistry],
});

export const sportsPlacementBatchSize = new Histogram({
  name: 'sports_placement_batch_size',
  help: 'Sports bets taken together in one transaction (group commit)',
  buckets: [1, 2, 4, 8, 16],
  registers: [processRegistry],
});

export const sportsStakeBatchSize = new Histogram({
  name: 'sports_stake_batch_size',
  help: 'Sports stakes charged, and their bets opened, together in one transaction (group commit)',
  buckets: [1, 2, 4, 8, 16],
  registers: [processRegistry],
});

export const walletBatchSeconds = new Histogram({
  name: 'wallet_batch_duration_seconds',
  help: 'Time one wallet batch took, from send to its answers',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [processRegistry],
});

export const walletBatchFailures = new Counter({
  name: 'wallet_batch_failures_total',
  help: 'Wallet batches that failed as a whole (their calls were then retried one by one)',
  registers: [processRegistry],
});
