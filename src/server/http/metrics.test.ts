import { describe, expect, it } from 'vitest';
import { explainText } from '../../../test/support/explain.ts';
import { useOperators } from '../../../test/support/operators.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../test/support/test-db.ts';
import { launchedPlayer, playRound } from '../../../test/support/wallet.ts';
import { paymentSessionCountsQuery } from '../modules/cashier/payments/payment-session-counts.service.ts';
import { outboxMessages } from '../modules/outbox/outbox.schema.ts';

const TOKEN = 'scrape-token-for-tests';
const SECRET = 'metrics-wallet-secret';

/** A sample's value in Prometheus' text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.runIf(backendAvailable)('the Prometheus endpoint', () => {
  const t = useTestApp({ metricsToken: TOKEN, houseWalletSecret: SECRET }, { seedDemo: true });
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token, with a clear 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('shows after some play the requests by route, the wallet batches and the state of the system', async () => {
    const { gameToken } = await launchedPlayer(t, 100_000);
    for (let i = 0; i < 3; i++) await playRound(t, SECRET, gameToken, 1_000, i === 0 ? 2_500 : 0);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;

    const logins = sample(
      text,
      'http_request_duration_seconds_count{method="POST",route="/api/routes/user-do-login",status="2xx"}',
    );
    expect(logins).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="POST",route="/wallet/:provider/:op",status="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(6);
    expect(sample(text, 'wallet_batch_size_sum')).toBeGreaterThanOrEqual(4);
    expect(sample(text, 'wallet_batch_duration_seconds_count')).toBeGreaterThanOrEqual(4);
    expect(sample(text, 'sse_open_streams')).toBe(0);
    expect(sample(text, 'sports_settlement_runs_unfinished')).toBe(0);
    expect(sample(text, 'sports_reconcile_findings_open')).toBe(0);
    expect(text).toContain('# TYPE payment_sessions gauge');
    expect(sample(text, 'db_replication_lag_seconds')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    if (isPostgres) expect(sample(text, 'db_pool_clients{state="max"}')).toBeGreaterThan(0);
  });

  it('labels a route a client made up as unmatched, not by what it typed', async () => {
    await t.app.inject({ method: 'GET', url: '/no/such/path/12345' });
    await t.call('made-up-route-name', {});
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    // Only the labels: a timing sum elsewhere on the page may hold the digits 12345.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(routes.filter((r) => r.includes('12345') || r.includes('made-up'))).toEqual([]);
    expect(text).toContain('route="unmatched"');
  });
});

describe.runIf(backendAvailable)('without a metrics token', () => {
  const t = useTestApp({ metricsToken: undefined });
  it('has no /metrics at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('nodejs_');
  });
});

describe.runIf(backendAvailable)('the back office system-health screen', () => {
  // No metrics token: the screen works whether Prometheus scrapes or not.
  const t = useTestApp({ metricsToken: undefined, houseWalletSecret: SECRET }, { seedDemo: true });
  const ops = useOperators(t);

  it('shows the owner the same figures as /metrics after some play, and no other role', async () => {
    const { gameToken } = await launchedPlayer(t, 100_000);
    for (let i = 0; i < 3; i++) await playRound(t, SECRET, gameToken, 1_000, i === 0 ? 2_500 : 0);
    const res = await ops.as('owner').get('/api/admin/system/health');
    expect(res.statusCode).toBe(200);
    const { health } = res.json();
    expect(health.process.residentBytes).toBeGreaterThan(10_000_000);
    expect(health.process.node).toBe(process.version);
    expect(health.database.kind).toBe(isPostgres ? 'postgres' : 'pglite');
    if (isPostgres) expect(health.database.pool.max).toBeGreaterThan(0);
    else expect(health.database.pool).toBeNull();
    expect(health.requests.count).toBeGreaterThanOrEqual(6);
    expect(health.requests.p99Ms).toBeGreaterThan(0);
    expect(health.wallet.batches).toBeGreaterThanOrEqual(4);
    expect(health.wallet.meanBatchSize).toBeGreaterThanOrEqual(1);
    expect(health.openStreams).toBe(0);
    expect(health.sportsbook).toEqual({ unfinishedRuns: 0, openFindings: 0 });
    expect(health.outbox).toEqual({ pending: 0, oldestPendingSeconds: 0 });

    for (const role of ['cashier', 'support', 'content', 'trading', 'compliance'] as const) {
      const refused = await ops.as(role).get('/api/admin/system/health');
      expect(refused.statusCode, role).toBe(403);
    }
  });

  it('counts e-mail and SMS waiting to be sent, and how long the oldest has waited', async () => {
    const outbox = async () => (await ops.as('owner').get('/api/admin/system/health')).json().health.outbox;
    const before = (await outbox()).pending;
    await t.db.insert(outboxMessages).values({
      channel: 'sms',
      recipient: '0812345678',
      body: 'waiting',
      createdAt: new Date(Date.now() - 120_000),
    });
    const after = await outbox();
    expect(after.pending).toBe(before + 1);
    expect(after.oldestPendingSeconds).toBeGreaterThanOrEqual(119);
  });
});

describe.runIf(isPostgres)('payment sessions on the metrics', () => {
  const t = useTestApp();

  it('are counted from one day of an index, not the whole table (EXPLAIN)', async () => {
    const plan = await explainText(t.db, paymentSessionCountsQuery(t.db));
    expect(plan).toContain('payment_sessions_recent');
    // A range of the index, not all of it: the window is the index's condition.
    expect(plan).toMatch(/"Index Cond":"\(created_at > /);
  });
});
