import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { formatNumber } from '../../shared/format.ts';
import { adminCall } from '../api/client.ts';
import type { SystemHealthReply } from '../api/types.ts';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Tiles } from '../components/Tiles.tsx';
import ui from '../components/ui.module.css';

type Health = SystemHealthReply['health'];

/** When a figure means trouble: an operator's eye goes to it first. */
const LIMITS = { eventLoopMs: 100, lagSeconds: 10, outboxSeconds: 300, requestMs: 1000 };

interface HealthTile {
  key: string;
  value: string;
  warn?: boolean;
}

/** Tiles named by their key under `system.`, red where a figure passed its limit. */
function HealthTiles({ label, tiles }: { label: string; tiles: HealthTile[] }) {
  const { t } = useTranslation();
  return (
    <Tiles
      label={label}
      tiles={tiles.map((tile) => ({
        key: tile.key,
        label: t(`system.${tile.key}`),
        value: tile.value,
        tone: tile.warn ? 'alert' : undefined,
        testId: `health-${tile.key}`,
      }))}
    />
  );
}

/**
 * System health: the figures GET /metrics gives Prometheus, for this app process, refreshed every 15
 * seconds. Each app node answers for itself; the database's lag and the backlogs are the cluster's.
 */
export default function SystemPage() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['system-health'],
    queryFn: () => adminCall(api.system.health),
    refetchInterval: 15_000,
  });
  // Figures as the rest of the back office writes them (Amount).
  const n = (value: number) => formatNumber(value, 'en');
  const mb = (bytes: number) => `${n(Math.round(bytes / 1_048_576))} MB`;
  const ms = (value: number | null) => (value === null ? '–' : `${n(value)} ms`);
  const h: Health | undefined = health.data?.health;
  return (
    <>
      <PageHead title={t('nav.system')} />
      <Outcome error={health.error} />
      {h && (
        <>
          <Panel title={t('system.process')}>
            <HealthTiles
              label={t('system.process')}
              tiles={[
                {
                  key: 'uptime',
                  value: t('system.hours', { count: Math.floor(h.process.uptimeSeconds / 3600) }),
                },
                { key: 'memory', value: mb(h.process.residentBytes) },
                { key: 'heap', value: mb(h.process.heapUsedBytes) },
                {
                  key: 'eventLoop',
                  value: ms(h.process.eventLoopDelayP99Ms),
                  warn: h.process.eventLoopDelayP99Ms > LIMITS.eventLoopMs,
                },
                { key: 'node', value: h.process.node },
              ]}
            />
          </Panel>
          <Panel title={t('system.database')}>
            <HealthTiles
              label={t('system.database')}
              tiles={[
                { key: 'engine', value: h.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite' },
                ...(h.database.pool
                  ? [
                      {
                        key: 'poolBusy',
                        value: `${n(h.database.pool.total - h.database.pool.idle)} / ${n(h.database.pool.max)}`,
                      },
                      {
                        key: 'poolWaiting',
                        value: n(h.database.pool.waiting),
                        warn: h.database.pool.waiting > 0,
                      },
                    ]
                  : []),
                {
                  key: 'replicationLag',
                  value: t('system.seconds', { count: Math.round(h.database.replicationLagSeconds) }),
                  warn: h.database.replicationLagSeconds > LIMITS.lagSeconds,
                },
              ]}
            />
          </Panel>
          <Panel title={t('system.traffic')}>
            <HealthTiles
              label={t('system.traffic')}
              tiles={[
                { key: 'requests', value: n(h.requests.count) },
                { key: 'serverErrors', value: n(h.requests.serverErrors), warn: h.requests.serverErrors > 0 },
                {
                  key: 'requestP99',
                  value: ms(h.requests.p99Ms),
                  warn: (h.requests.p99Ms ?? 0) > LIMITS.requestMs,
                },
                { key: 'streams', value: n(h.openStreams) },
                { key: 'walletBatches', value: n(h.wallet.batches) },
                {
                  key: 'batchSize',
                  value: h.wallet.meanBatchSize === null ? '–' : n(h.wallet.meanBatchSize),
                },
                { key: 'walletP99', value: ms(h.wallet.p99Ms) },
                { key: 'batchFailures', value: n(h.wallet.failures), warn: h.wallet.failures > 0 },
              ]}
            />
          </Panel>
          <Panel title={t('system.backlogs')}>
            <HealthTiles
              label={t('system.backlogs')}
              tiles={[
                { key: 'outboxPending', value: n(h.outbox.pending) },
                {
                  key: 'outboxOldest',
                  value: t('system.seconds', { count: h.outbox.oldestPendingSeconds }),
                  warn: h.outbox.oldestPendingSeconds > LIMITS.outboxSeconds,
                },
                { key: 'settlementRuns', value: n(h.sportsbook.unfinishedRuns) },
                { key: 'findings', value: n(h.sportsbook.openFindings), warn: h.sportsbook.openFindings > 0 },
                ...Object.entries(h.paymentSessions).map(([state, count]) => ({
                  key: `payments.${state}`,
                  value: n(count),
                })),
              ]}
            />
            <p className={ui.muted}>{t('system.scope')}</p>
          </Panel>
        </>
      )}
    </>
  );
}
