import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appMetrics } from '../../src/server/metrics/app-metrics.ts';
import { processRegistry } from '../../src/server/metrics/process-metrics.ts';

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  targets: { refId: string; expr: string }[];
}

const dashboard = JSON.parse(readFileSync(new URL('./casino-dashboard.json', import.meta.url), 'utf8'));

/** The dashboard in Grafana's JSON model, drawing only on series the app really exports. */
describe('the Grafana dashboard', () => {
  const names = new Set(
    [
      ...processRegistry.getMetricsAsArray(),
      ...appMetrics({
        database: { kind: 'pglite' } as never,
        openStreams: () => 0,
        settlement: async () => ({ open: 0, unfinishedRuns: 0 }),
        paymentSessions: async () => ({}),
        outbox: async () => ({ pending: 0, oldestPendingAt: null }),
      }).getMetricsAsArray(),
    ].map((metric) => metric.name),
  );

  it('is a dashboard model Grafana imports: a title, a uid, a schema version and a Prometheus variable', () => {
    expect(dashboard).toMatchObject({ title: expect.any(String), uid: expect.any(String) });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
  });

  it('lays out panels with unique ids on the 24-column grid, each with a query', () => {
    const panels = dashboard.panels as Panel[];
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    for (const panel of panels) {
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      expect(panel.targets.length).toBeGreaterThan(0);
    }
  });

  it('queries only metrics the app exports', () => {
    const series = (dashboard.panels as Panel[])
      .flatMap((p) => p.targets.flatMap((target) => target.expr.match(/[a-z][a-z0-9_]*/g) ?? []))
      .filter((token) => token.includes('_') && token !== 'histogram_quantile');
    expect(series.length).toBeGreaterThan(10);
    for (const name of series) {
      // A histogram exports its _bucket, _count and _sum series under one metric name.
      expect(names, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
    }
  });
});
