import { sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import { type Database, queryRows } from '../db/client.ts';

/** What one app reads at scrape time: each source answers for its own part of the system. */
export interface AppMetricSources {
  database: Database;
  openStreams: () => number;
  settlement: () => Promise<{ open: number; unfinishedRuns: number }>;
  paymentSessions: () => Promise<Record<string, number>>;
  outbox: () => Promise<{ pending: number; oldestPendingAt: Date | null }>;
}

/**
 * The gauges of one app instance, read when Prometheus scrapes (every 15 s or so), never on a
 * request's path: a handful of small indexed counts and the pool's own counters.
 */
export function appMetrics(sources: AppMetricSources): Registry {
  const registry = new Registry();
  const gauge = (
    name: string,
    help: string,
    collect: (g: Gauge) => Promise<void> | void,
    labels: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      async collect() {
        await collect(this);
      },
    });

  gauge('sse_open_streams', 'Members’ open live-update streams on this process', (g) => {
    g.set(sources.openStreams());
  });
  gauge('sports_settlement_runs_unfinished', 'Settlement runs not yet done (the backlog)', async (g) => {
    g.set((await sources.settlement()).unfinishedRuns);
  });
  gauge('sports_reconcile_findings_open', 'Reconciler findings not yet resolved', async (g) => {
    g.set((await sources.settlement()).open);
  });
  gauge(
    'payment_sessions',
    'Payment sessions opened in the last 25 hours (all pending ones), by state',
    async (g) => {
      g.reset();
      for (const [state, n] of Object.entries(await sources.paymentSessions())) g.set({ state }, n);
    },
    ['state'],
  );
  gauge('outbox_pending_messages', 'E-mail and SMS waiting to be sent', async (g) => {
    g.set((await sources.outbox()).pending);
  });
  gauge('outbox_oldest_pending_seconds', 'How long the oldest message has waited (0: none)', async (g) => {
    const oldest = (await sources.outbox()).oldestPendingAt;
    g.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
  });
  gauge(
    'db_pool_clients',
    'Database pool clients by state (PostgreSQL)',
    (g) => {
      const stats = sources.database.poolStats?.();
      if (!stats) return;
      g.set({ state: 'total' }, stats.total);
      g.set({ state: 'idle' }, stats.idle);
      g.set({ state: 'waiting' }, stats.waiting);
      g.set({ state: 'max' }, stats.max);
    },
    ['state'],
  );
  gauge(
    'db_replication_lag_seconds',
    'How far the slowest standby (or this replica) is behind',
    async (g) => {
      g.set(await replicationLag(sources.database));
    },
  );
  return registry;
}

/**
 * On a primary, the slowest standby's replay lag; on a standby, how old its last replayed commit is;
 * 0 with no replication (PGlite, a single server).
 */
async function replicationLag(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return 0;
  const [row] = await queryRows<{ lag: number | null }>(
    database.db,
    sql`select case when pg_is_in_recovery()
                 then extract(epoch from now() - pg_last_xact_replay_timestamp())
                 else (select extract(epoch from max(replay_lag)) from pg_stat_replication) end::float8 as lag`,
  );
  return row?.lag ?? 0;
}
