import type { MetricObjectWithValues, MetricValue, MetricValueWithName, Registry } from 'prom-client';
import type { SystemHealth } from '../../shared/contract/admin/system.ts';

type Metric = MetricObjectWithValues<MetricValue<string>>;

/** The value of `name` with these labels (the first when none are given), or 0. */
function seriesValue(
  metrics: Map<string, Metric>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const values = metrics.get(name)?.values ?? [];
  const found = values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l));
  return found?.value ?? 0;
}

/**
 * The 99th percentile a Prometheus histogram allows (the upper bound of the bucket it falls in, in
 * ms), over every series of it, since this process started; null before any observation.
 */
function histogramP99Ms(
  metric: Metric | undefined,
  where: (labels: Partial<Record<string, string | number>>) => boolean = () => true,
) {
  const buckets = new Map<number, number>();
  let count = 0;
  for (const v of (metric?.values ?? []) as MetricValueWithName<string>[]) {
    if (!where(v.labels)) continue;
    if (v.metricName?.endsWith('_count')) count += v.value;
    if (v.metricName?.endsWith('_bucket') && v.labels.le !== '+Inf') {
      const le = Number(v.labels.le);
      buckets.set(le, (buckets.get(le) ?? 0) + v.value);
    }
  }
  if (count === 0) return { count, p99Ms: null };
  const bound = [...buckets.keys()]
    .sort((a, b) => a - b)
    .find((le) => (buckets.get(le) ?? 0) >= 0.99 * count);
  return { count, p99Ms: bound === undefined ? null : bound * 1000 };
}

function sumOf(
  metric: Metric | undefined,
  suffix: string,
  where: (labels: Partial<Record<string, string | number>>) => boolean = () => true,
) {
  let total = 0;
  for (const v of (metric?.values ?? []) as MetricValueWithName<string>[]) {
    if (v.metricName?.endsWith(suffix) && where(v.labels)) total += v.value;
  }
  return total;
}

/**
 * The back office's system-health page, read from the same registry as GET /metrics: one process's
 * view (each app node answers for itself), its database as this process sees it, and the backlogs.
 */
export async function systemHealth(registry: Registry, database: { kind: string }): Promise<SystemHealth> {
  const metrics = new Map((await registry.getMetricsAsJSON()).map((m) => [m.name, m as Metric]));
  const startedSeconds = seriesValue(metrics, 'process_start_time_seconds');
  const http = metrics.get('http_request_duration_seconds');
  const requests = histogramP99Ms(http);
  const batches = histogramP99Ms(metrics.get('wallet_batch_duration_seconds'));
  const batchCalls = sumOf(metrics.get('wallet_batch_size'), '_sum');
  const pool = metrics.get('db_pool_clients')?.values.length
    ? {
        total: seriesValue(metrics, 'db_pool_clients', { state: 'total' }),
        idle: seriesValue(metrics, 'db_pool_clients', { state: 'idle' }),
        waiting: seriesValue(metrics, 'db_pool_clients', { state: 'waiting' }),
        max: seriesValue(metrics, 'db_pool_clients', { state: 'max' }),
      }
    : null;
  const payments = Object.fromEntries(
    (metrics.get('payment_sessions')?.values ?? []).map((v) => [String(v.labels.state), v.value]),
  );
  return {
    process: {
      startedAt: new Date(startedSeconds * 1000).toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      node: process.version,
      residentBytes: seriesValue(metrics, 'process_resident_memory_bytes'),
      heapUsedBytes: seriesValue(metrics, 'nodejs_heap_size_used_bytes'),
      eventLoopDelayP99Ms: Math.round(seriesValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 10_000) / 10,
    },
    database: {
      kind: database.kind === 'postgres' ? 'postgres' : 'pglite',
      pool,
      replicationLagSeconds: seriesValue(metrics, 'db_replication_lag_seconds'),
    },
    requests: {
      count: requests.count,
      serverErrors: sumOf(http, '_count', (labels) => String(labels.status) === '5xx'),
      p99Ms: requests.p99Ms,
    },
    wallet: {
      batches: batches.count,
      meanBatchSize: batches.count ? Math.round((batchCalls / batches.count) * 10) / 10 : null,
      failures: seriesValue(metrics, 'wallet_batch_failures_total'),
      p99Ms: batches.p99Ms,
    },
    openStreams: seriesValue(metrics, 'sse_open_streams'),
    sportsbook: {
      unfinishedRuns: seriesValue(metrics, 'sports_settlement_runs_unfinished'),
      openFindings: seriesValue(metrics, 'sports_reconcile_findings_open'),
    },
    paymentSessions: payments,
    outbox: {
      pending: seriesValue(metrics, 'outbox_pending_messages'),
      oldestPendingSeconds: Math.round(seriesValue(metrics, 'outbox_oldest_pending_seconds')),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's health from the metrics registry (app.ts), for the back office's health screen. */
    systemHealth: () => Promise<SystemHealth>;
  }
}
